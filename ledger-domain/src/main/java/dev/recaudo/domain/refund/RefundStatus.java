package dev.recaudo.domain.refund;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The states of a refund. {@code PENDING} holds the money in flight while the processor is asked;
 * {@code SUCCEEDED} (the money left) and {@code FAILED} (the money is back where it was) are final.
 */
public enum RefundStatus {
    PENDING,
    SUCCEEDED,
    FAILED;

    private static final Map<RefundStatus, Set<RefundStatus>> MOVES = Map.of(
            PENDING, Set.of(SUCCEEDED, FAILED),
            SUCCEEDED, Set.of(),
            FAILED, Set.of());

    public boolean canMoveTo(RefundStatus target) {
        return MOVES.get(this).contains(target);
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RefundStatus fromWireName(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }
}
