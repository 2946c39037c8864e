package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.Problem;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.UUID;

/** Keyset positions (a time and an id) carried in sealed cursors. */
final class IntegrationCursors {

    record Position(Instant at, UUID id) {}

    private IntegrationCursors() {}

    static String seal(Cursors cursors, Instant at, UUID id) {
        return cursors.seal(at.truncatedTo(ChronoUnit.MICROS) + "|" + id);
    }

    /** The cursor after the last item of a page that has more, else null. */
    static <T> String next(Cursors cursors, List<T> items, boolean hasMore, Function<T, Instant> at, Function<T, UUID> id) {
        if (!hasMore) {
            return null;
        }
        T last = items.get(items.size() - 1);
        return seal(cursors, at.apply(last), id.apply(last));
    }

    static Optional<Position> open(Cursors cursors, String cursor) {
        if (cursor == null) {
            return Optional.empty();
        }
        String position = cursors.open(cursor)
                .orElseThrow(() -> new ApiProblem(Problem.VALIDATION, "cursor is not a cursor this API issued"));
        int bar = position.indexOf('|');
        return Optional.of(new Position(Instant.parse(position.substring(0, bar)), UUID.fromString(position.substring(bar + 1))));
    }
}
