package dev.recaudo.domain.common;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One page of a synchronized list, in change order. {@code next} is where the following page
 * starts: after the last item, or where this page started when it is empty, so a partner can keep
 * it and ask later for what changed since. {@code hasMore} says whether more changes can be read now.
 */
public record ChangeSlice<T>(List<T> items, boolean hasMore, Optional<ChangePosition> next) {

    /** A row read for the list, with its place in the change order. */
    public record Changed<T>(T item, ChangePosition position) {}

    public ChangeSlice {
        items = List.copyOf(items);
    }

    /** The page of {@code rows}, read after {@code after} up to {@code limit + 1} to tell whether more follow. */
    public static <T> ChangeSlice<T> of(List<Changed<T>> rows, int limit, Optional<ChangePosition> after) {
        boolean hasMore = rows.size() > limit;
        List<Changed<T>> page = hasMore ? rows.subList(0, limit) : rows;
        Optional<ChangePosition> next = page.isEmpty() ? after : Optional.of(page.get(page.size() - 1).position());
        return new ChangeSlice<>(page.stream().map(Changed::item).toList(), hasMore, next);
    }

    /** A page reads at least one item: the limit every change-ordered list query keeps. */
    public static void requireLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
    }

    /** An empty page that leaves the reader where it was. */
    public static <T> ChangeSlice<T> empty(Optional<ChangePosition> after) {
        return new ChangeSlice<>(List.of(), false, after);
    }

    public <R> ChangeSlice<R> map(Function<T, R> view) {
        return mapAll(page -> page.stream().map(view).toList());
    }

    /** The same page with its items replaced, all at once, by {@code views}: one item for each, in order. */
    public <R> ChangeSlice<R> mapAll(Function<List<T>, List<R>> views) {
        List<R> viewed = views.apply(items);
        if (viewed.size() != items.size()) {
            throw new IllegalStateException("a page of " + items.size() + " items viewed as " + viewed.size());
        }
        return new ChangeSlice<>(viewed, hasMore, next);
    }
}
