package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.money.Money;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a bank statement as the bank reported it: never a payment by itself.
 *
 * @param lineNumber the entry's place in its statement (the n-th entry of a camt.053, the line of a CSV file)
 * @param amount positive; {@code credit} says whether it came in
 * @param reversal the bank undid an earlier entry ({@code RvslInd})
 * @param bankReference the bank's own reference of the entry ({@code AcctSvcrRef}), unique per account when present
 * @param remittance what the payer wrote (unstructured lines and structured creditor references, joined)
 */
public record StatementLine(
        int lineNumber,
        Money amount,
        boolean credit,
        boolean reversal,
        LocalDate bookingDate,
        Optional<LocalDate> valueDate,
        Optional<String> bankReference,
        Optional<String> endToEndId,
        String remittance,
        Optional<String> payerName,
        Optional<String> payerId) {

    public StatementLine {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(bookingDate, "bookingDate");
        Objects.requireNonNull(remittance, "remittance");
        if (amount.amountMinor() <= 0) {
            throw new IllegalArgumentException("a statement amount is positive");
        }
    }

    /**
     * What names the entry among all of its account's: the bank's reference when it gave one, else
     * the statement and the line. Two lines with equal amount, date and payer are two entries. A bank
     * may give a reversal (or a debit) the reference of the credit it undoes, so the direction and the
     * reversal indicator are part of a reference's identity: a plain credit keeps the {@code ref:}
     * form it always had (re-imports of earlier statements stay already seen), the others are named
     * {@code ref-dbit:}, {@code ref-rvsl-crdt:} and {@code ref-rvsl-dbit:}.
     */
    public String identity(String statementId) {
        String kind = (reversal ? "-rvsl" : "") + (reversal || !credit ? (credit ? "-crdt" : "-dbit") : "");
        return bankReference.map(reference -> "ref" + kind + ":" + reference)
                .orElseGet(() -> "line:" + statementId + ":" + lineNumber);
    }
}
