package dev.recaudo.domain.metrics;

import dev.recaudo.domain.common.WireNamed;

/** The ways money arrives, each with its own use case and its own outcomes. */
public enum PaymentFamily implements WireNamed {
    /** A payment the partner verified, reported through the integrations API. */
    VERIFIED("verified"),
    /** The certified exchange rate that continues a verified payment waiting for one. */
    CERTIFIED_RATE("certified_rate"),
    /** An external payment completed: on the hosted page, by the sandbox control, or by the processor. */
    EXTERNAL("external"),
    /** An invoice's own checkout paid on the hosted page or by the sandbox control. */
    CHECKOUT("checkout"),
    /** An invoice settled outside Recaudo and reported with {@code PAID_FROM_PROVIDER}. */
    PROVIDER_SETTLEMENT("provider_settlement");

    private final String wireName;

    PaymentFamily(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
