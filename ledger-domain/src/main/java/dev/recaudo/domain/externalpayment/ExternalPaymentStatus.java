package dev.recaudo.domain.externalpayment;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The states of an external payment. {@code PENDING} waits for the payer (hosted) or the processor
 * (direct); the three others are final, but for moves to {@code COMPLETED} when money was taken
 * after all: a direct payment failed because the processor had no charge under its key when asked,
 * whose charge then reaches the processor and is approved; and a hosted payment canceled (its invoice
 * closed, or the partner canceled it) while its payer was completing a card processor's session.
 * {@code CANCELED} is spelled as invoices and checkouts spell it.
 */
public enum ExternalPaymentStatus {
    PENDING,
    COMPLETED,
    FAILED,
    CANCELED;

    private static final Map<ExternalPaymentStatus, Set<ExternalPaymentStatus>> MOVES = Map.of(
            PENDING, Set.of(COMPLETED, FAILED, CANCELED),
            COMPLETED, Set.of(),
            FAILED, Set.of(COMPLETED),
            CANCELED, Set.of(COMPLETED));

    public boolean canMoveTo(ExternalPaymentStatus target) {
        return MOVES.get(this).contains(target);
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ExternalPaymentStatus fromWireName(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }
}
