package dev.recaudo.domain.banktransfer;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * An import of a statement and what it did.
 *
 * @param statementRef the bank's statement id ({@code Stmt/Id}) or the one given with a CSV file
 * @param gap the opening balance differs from the previous statement's closing balance of the account
 * @param status IMPORTING, IMPORTED, or FAILED (with {@code failure}: the entries before the bad line are kept)
 */
public record StatementSummary(UUID id, UUID accountId, String statementRef, String format, Optional<Long> openingMinor,
        Optional<Long> closingMinor, Optional<Long> previousClosingMinor, boolean gap, String status,
        Optional<String> failure, Counts counts, Instant importedAt) {

    /** Entries new and already seen; of the new credits, those matched, proposed and left unmatched. */
    public record Counts(int entriesNew, int entriesSeen, int matched, int proposed, int unmatched) {

        public static final Counts NONE = new Counts(0, 0, 0, 0, 0);

        public Counts plus(Counts other) {
            return new Counts(entriesNew + other.entriesNew, entriesSeen + other.entriesSeen, matched + other.matched,
                    proposed + other.proposed, unmatched + other.unmatched);
        }
    }
}
