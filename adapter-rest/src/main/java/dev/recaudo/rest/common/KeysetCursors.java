package dev.recaudo.rest.common;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Keyset positions (a time and an id) carried in sealed cursors, for the lists ordered by a time
 * and an id: the customers list and the administration audit trail. Each list names itself, so a
 * cursor continues only the list that issued it.
 */
public final class KeysetCursors {

    private static final String FORMAT = "keyset1";

    public record Position(Instant at, UUID id) {}

    private KeysetCursors() {}

    public static String seal(Cursors cursors, String list, Instant at, UUID id) {
        return cursors.seal(FORMAT, list, at.truncatedTo(ChronoUnit.MICROS) + "|" + id);
    }

    /** The cursor after the last item of a page that has more, else null. */
    public static <T> String next(Cursors cursors, String list, List<T> items, boolean hasMore, Function<T, Instant> at,
            Function<T, UUID> id) {
        if (!hasMore) {
            return null;
        }
        T last = items.get(items.size() - 1);
        return seal(cursors, list, at.apply(last), id.apply(last));
    }

    /**
     * The position of {@code cursor}, none for the first page. {@code untaggedAccepted}: the list
     * issued cursors before they named their list, and those still continue it.
     */
    public static Optional<Position> open(Cursors cursors, String list, String cursor, boolean untaggedAccepted) {
        if (cursor == null) {
            return Optional.empty();
        }
        Cursors.Opened opened = cursors.open(list, cursor);
        boolean known = opened.format().map(FORMAT::equals).orElse(untaggedAccepted);
        String position = opened.position();
        int bar = position.indexOf('|');
        if (!known || bar < 0) {
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
