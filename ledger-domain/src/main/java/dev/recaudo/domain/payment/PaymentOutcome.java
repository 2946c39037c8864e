package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.WireNamed;

/** The outcome of applying a payment, named as the integrations API shows it. */
public enum PaymentOutcome implements WireNamed {
    APPLIED("applied"),
    PARTIALLY_APPLIED("partially_applied"),
    CREDITED("credited"),
    NEEDS_CERTIFIED_RATE("needs_certified_rate"),
    NO_OPEN_DOCUMENTS("no_open_documents"),
    ALREADY_PROCESSED("already_processed"),
    FAILED("failed");

    private final String wireName;

    PaymentOutcome(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public static PaymentOutcome fromWireName(String text) {
        return WireNamed.find(values(), text).orElseThrow(() -> new IllegalArgumentException("unknown payment outcome " + text));
    }
}
