package dev.recaudo.domain.document;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a document: {@code quantity x unitAmountMinor = amountMinor}, in the document's
 * currency, computed with overflow checks.
 */
public record DocumentLine(
        long quantity,
        long unitAmountMinor,
        long amountMinor,
        Optional<String> description,
        Optional<Instant> periodStart,
        Optional<Instant> periodEnd) {

    public DocumentLine {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(periodStart, "periodStart");
        Objects.requireNonNull(periodEnd, "periodEnd");
        if (quantity < 1 || unitAmountMinor < 0 || amountMinor != Math.multiplyExact(quantity, unitAmountMinor)) {
            throw new IllegalArgumentException("a line needs quantity >= 1, unitAmountMinor >= 0 and their exact product");
        }
    }
}
