package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Cursors;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Keyset positions (a time and an id) carried in sealed cursors of the customers list. Its cursors
 * sealed before cursors named their list hold the same position untagged, and still continue it.
 */
final class IntegrationCursors {

    private static final String LIST = "customers";
    private static final String FORMAT = "keyset1";

    record Position(Instant at, UUID id) {}

    private IntegrationCursors() {}

    static String seal(Cursors cursors, Instant at, UUID id) {
        return cursors.seal(FORMAT, LIST, at.truncatedTo(ChronoUnit.MICROS) + "|" + id);
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
        Cursors.Opened opened = cursors.open(LIST, cursor);
        boolean untaggedOrCurrent = opened.format().map(FORMAT::equals).orElse(true);
        String position = opened.position();
        int bar = position.indexOf('|');
        if (!untaggedOrCurrent || bar < 0) {
            throw notIssued();
        }
        try {
            return Optional.of(new Position(Instant.parse(position.substring(0, bar)),
                    UUID.fromString(position.substring(bar + 1))));
        } catch (DateTimeParseException | IllegalArgumentException notAPosition) {
            throw notIssued();
        }
    }

    private static ApiProblem notIssued() {
        return ApiProblem.validation("cursor", "is not a cursor this API issued");
    }
}
