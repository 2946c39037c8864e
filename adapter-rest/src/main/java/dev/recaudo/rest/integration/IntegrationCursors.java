package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.KeysetCursors;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Keyset cursors of the customers list. Its cursors sealed before cursors named their list hold the
 * same position untagged, and still continue it.
 */
final class IntegrationCursors {

    private static final String LIST = "customers";

    private IntegrationCursors() {}

    /** The cursor after the last item of a page that has more, else null. */
    static <T> String next(Cursors cursors, List<T> items, boolean hasMore, Function<T, Instant> at, Function<T, UUID> id) {
        return KeysetCursors.next(cursors, LIST, items, hasMore, at, id);
    }

    static Optional<KeysetCursors.Position> open(Cursors cursors, String cursor) {
        return KeysetCursors.open(cursors, LIST, cursor, true);
    }
}
