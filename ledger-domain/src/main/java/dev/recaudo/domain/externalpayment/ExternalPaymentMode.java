package dev.recaudo.domain.externalpayment;

import java.util.Locale;

/** How the payer pays: on Recaudo's hosted checkout page, or through the partner's backend (direct). */
public enum ExternalPaymentMode {
    HOSTED,
    DIRECT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ExternalPaymentMode fromWireName(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }
}
