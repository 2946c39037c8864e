package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.StatementSource.Malformed;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** Amounts, currencies and dates of statement files, read exactly: decimal text to minor units, never a double. */
final class StatementAmounts {

    private StatementAmounts() {}

    static CurrencyCode currency(String text, long line) {
        return CurrencyCode.parse(text).orElseThrow(() -> new Malformed(line, "unknown currency '" + clip(text) + "'"));
    }

    /** A decimal amount of major units, signed, in minor units of {@code currency}; more decimals than the currency has is an error. */
    static long minor(String text, CurrencyCode currency, long line) {
        try {
            BigDecimal amount = new BigDecimal(text.trim());
            if (amount.stripTrailingZeros().scale() > currency.minorUnitDigits()) {
                throw new Malformed(line, "amount '" + clip(text) + "' has more decimals than " + currency + " has");
            }
            long minor = amount.movePointRight(currency.minorUnitDigits()).longValueExact();
            if (Math.abs(minor) > Money.AMOUNT_MINOR_MAX) {
                throw new Malformed(line, "amount '" + clip(text) + "' is too large");
            }
            return minor;
        } catch (NumberFormatException | ArithmeticException bad) {
            throw new Malformed(line, "amount '" + clip(text) + "' is not a decimal number");
        }
    }

    /** A positive amount. */
    static Money positive(String text, CurrencyCode currency, long line) {
        long minor = minor(text, currency, line);
        if (minor <= 0) {
            throw new Malformed(line, "amount '" + clip(text) + "' must be positive");
        }
        return Money.of(minor, currency);
    }

    /** An ISO date, or the date of an ISO date-time. */
    static LocalDate date(String text, long line) {
        String trimmed = text.trim();
        try {
            return LocalDate.parse(trimmed.length() > 10 ? trimmed.substring(0, 10) : trimmed);
        } catch (DateTimeParseException bad) {
            throw new Malformed(line, "date '" + clip(text) + "' is not an ISO date (yyyy-mm-dd)");
        }
    }

    /** A client's text as quoted back in an error: short, printable. */
    static String clip(String text) {
        String shown = text == null ? "" : text.replaceAll("\\p{Cntrl}", "?");
        return shown.length() > 40 ? shown.substring(0, 40) + "…" : shown;
    }
}
