package dev.recaudo.domain.money;

import java.util.Locale;
import java.util.Optional;

/**
 * The currencies Recaudo keeps money in, with the number of decimal places of their minor unit
 * (ISO 4217). Amounts are always integers of minor units; the scale is only needed at the edges
 * that speak major units.
 */
public enum CurrencyCode {
    USD(2),
    VES(2),
    COP(2),
    MXN(2),
    CRC(2);

    private final int minorUnitDigits;

    CurrencyCode(int minorUnitDigits) {
        this.minorUnitDigits = minorUnitDigits;
    }

    public int minorUnitDigits() {
        return minorUnitDigits;
    }

    /** Parses an ISO code in any letter case; empty when the currency is not one Recaudo keeps. */
    public static Optional<CurrencyCode> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(text.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
