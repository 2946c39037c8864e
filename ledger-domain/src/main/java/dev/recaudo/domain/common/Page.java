package dev.recaudo.domain.common;

import java.util.List;

/**
 * One numbered page of a result. {@code number} starts at 1; a number past the end is a valid,
 * empty page.
 */
public record Page<T>(List<T> items, long total, int number, int size) {

    public Page {
        items = List.copyOf(items);
        if (number < 1 || size < 1) {
            throw new IllegalArgumentException("page number and size start at 1");
        }
    }

    public int lastNumber() {
        long pages = total / size + (total % size == 0 ? 0 : 1);
        return (int) Math.max(1, Math.min(pages, Integer.MAX_VALUE));
    }

    public long offset() {
        return (long) (number - 1) * size;
    }
}
