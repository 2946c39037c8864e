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
        return (int) Math.max(1, (total + size - 1) / size);
    }

    public long offset() {
        return (long) (number - 1) * size;
    }
}
