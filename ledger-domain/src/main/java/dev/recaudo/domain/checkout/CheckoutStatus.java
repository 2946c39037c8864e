package dev.recaudo.domain.checkout;

/**
 * The status of an invoice checkout, with the wire spelling the events use: {@code canceled} and
 * {@code APPROVED} are given by the specification; {@code PENDING} and {@code REJECTED} complete it.
 */
public enum CheckoutStatus {
    PENDING("PENDING"),
    CANCELED("canceled"),
    APPROVED("APPROVED"),
    REJECTED("REJECTED");

    private final String wireName;

    CheckoutStatus(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static CheckoutStatus fromWireName(String text) {
        for (CheckoutStatus status : values()) {
            if (status.wireName.equals(text)) {
                return status;
            }
        }
        throw new IllegalArgumentException("unknown checkout status " + text);
    }
}
