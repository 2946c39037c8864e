package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.WireNamed;

/**
 * The status of an invoice checkout, with the wire spelling the events use: {@code canceled} and
 * {@code APPROVED} are given by the specification; {@code PENDING} and {@code REJECTED} complete it.
 */
public enum CheckoutStatus implements WireNamed {
    PENDING("PENDING"),
    CANCELED("canceled"),
    APPROVED("APPROVED"),
    REJECTED("REJECTED");

    private final String wireName;

    CheckoutStatus(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public static CheckoutStatus fromWireName(String text) {
        return WireNamed.find(values(), text).orElseThrow(() -> new IllegalArgumentException("unknown checkout status " + text));
    }
}
