package dev.recaudo.rest.integration;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Cursors;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sealed cursors of the synchronized lists (documents, payments): a format tag, the list's name
 * and a {@link ChangePosition}. Cursors of the former format held a timestamp, which is no
 * watermark; they still verify, so they are recognised and refused with a way forward. A cursor of
 * another list is refused by {@link Cursors#open}.
 */
public final class SyncCursors {

    static final String DOCUMENTS = "collection-documents";
    static final String PAYMENTS = "payments";
    /** The console's document list, in the same order as the integrations API's: its cursors are not the API's. */
    public static final String CONSOLE_DOCUMENTS = "console-documents";
    public static final String CONSOLE_PAYMENTS = "console-payments";

    private static final String FORMAT = "sync1";
    private static final Pattern POSITION = Pattern.compile(
            "(0|[1-9][0-9]{0,18})\\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})");

    private SyncCursors() {}

    /** The cursor to continue {@code list} from, or null before anything was listed. */
    public static String next(Cursors cursors, String list, Optional<ChangePosition> next) {
        return next.map(position -> cursors.seal(FORMAT, list, position.transactionId() + "|" + position.rowId()))
                .orElse(null);
    }

    public static Optional<ChangePosition> open(Cursors cursors, String list, String cursor) {
        if (cursor == null) {
            return Optional.empty();
        }
        Cursors.Opened opened = cursors.open(list, cursor);
        if (opened.format().filter(FORMAT::equals).isEmpty()) {
            // Untagged: a timestamp of this list's former cursors, or of the customers list's before they named it.
            throw ApiProblem.validation("cursor", "was issued in a former format that cannot resume without gaps, or by"
                    + " another list: list again without a cursor, with updatedSince set to the updatedAt of the last item"
                    + " you stored, and keep the nextCursor of the answers from then on");
        }
        Matcher parts = POSITION.matcher(opened.position());
        if (!parts.matches()) {
            throw notIssued();
        }
        try {
            return Optional.of(new ChangePosition(Long.parseLong(parts.group(1)), UUID.fromString(parts.group(2))));
        } catch (NumberFormatException beyondLong) {
            throw notIssued();
        }
    }

    private static ApiProblem notIssued() {
        return ApiProblem.validation("cursor", "is not a cursor this API issued");
    }
}
