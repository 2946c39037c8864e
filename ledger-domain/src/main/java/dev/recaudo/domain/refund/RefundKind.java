package dev.recaudo.domain.refund;

import java.util.Locale;

/** Why money went back: a refund the partner asked for, or a chargeback the rail already took. */
public enum RefundKind {
    REFUND,
    CHARGEBACK;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RefundKind fromWireName(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }
}
