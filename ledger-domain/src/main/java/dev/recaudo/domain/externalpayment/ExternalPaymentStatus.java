package dev.recaudo.domain.externalpayment;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The states of an external payment. {@code PENDING} waits for the payer (hosted) or the processor
 * (direct); the three others are final. {@code CANCELED} is spelled as invoices and checkouts spell it.
 */
public enum ExternalPaymentStatus {
    PENDING,
    COMPLETED,
    FAILED,
    CANCELED;

    private static final Map<ExternalPaymentStatus, Set<ExternalPaymentStatus>> MOVES = Map.of(
            PENDING, Set.of(COMPLETED, FAILED, CANCELED),
            COMPLETED, Set.of(),
            FAILED, Set.of(),
            CANCELED, Set.of());

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
