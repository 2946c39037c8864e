package dev.recaudo.application.rail;

import dev.recaudo.domain.money.CurrencyCode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A payout of a card processor to the company's bank account, with each balance movement it settles.
 * Amounts are signed minor units in the payout's currency (a refund's is negative); the lines' nets add
 * up to the payout's amount when the report is whole: charges − fees − refunds = payout.
 */
public record PayoutReport(String payoutId, CurrencyCode currency, long amountMinor, boolean paid, List<Line> lines) {

    public enum Kind {
        CHARGE,
        REFUND,
        DISPUTE,
        OTHER
    }

    /**
     * @param sourceReference the processor's reference of the charge the movement belongs to (Stripe: the PaymentIntent id)
     */
    public record Line(Kind kind, Optional<String> sourceReference, long grossMinor, long feeMinor, long netMinor,
            ProcessorEvent.Tags tags) {

        public Line {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(sourceReference, "sourceReference");
            Objects.requireNonNull(tags, "tags");
        }
    }

    public PayoutReport {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(currency, "currency");
        lines = List.copyOf(lines);
    }

    /** Whether the lines add up to the amount paid out. */
    public boolean addsUp() {
        return lines.stream().mapToLong(Line::netMinor).sum() == amountMinor;
    }
}
