package dev.recaudo.domain.metrics;

import dev.recaudo.domain.common.WireNamed;

/** The two kinds of outbound requests: lifecycle webhooks (retried) and external payment callbacks (sent once). */
public enum DeliveryChannel implements WireNamed {
    INVOICE_WEBHOOK("invoice_webhook"),
    PAYMENT_CALLBACK("payment_callback");

    private final String wireName;

    DeliveryChannel(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
