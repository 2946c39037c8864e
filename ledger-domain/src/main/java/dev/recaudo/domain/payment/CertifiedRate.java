package dev.recaudo.domain.payment;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A certified exchange rate as the partner states it: decimal text, at most 19 characters, the
 * number of {@code refCurrency} units one payment-currency unit buys. Conversion is exact decimal
 * arithmetic; the one rounding, to the target's minor unit, is half-even (banker's rounding).
 */
public final class CertifiedRate {

    public static final int TEXT_LENGTH_MAX = 19;
    private static final Pattern SHAPE = Pattern.compile("^[0-9]+(?:\\.[0-9]+)?$");

    private final String text;
    private final BigDecimal value;

    private CertifiedRate(String text) {
        this.text = text;
        this.value = new BigDecimal(text);
    }

    /** Empty when the text is not a positive decimal of the accepted shape. */
    public static Optional<CertifiedRate> parse(String text) {
        if (text == null || text.length() > TEXT_LENGTH_MAX || !SHAPE.matcher(text).matches()) {
            return Optional.empty();
        }
        CertifiedRate rate = new CertifiedRate(text);
        return rate.value.signum() > 0 ? Optional.of(rate) : Optional.empty();
    }

    public String text() {
        return text;
    }

    /**
     * The amount in {@code target}, or empty when the result would be above
     * {@link Money#AMOUNT_MINOR_MAX}: no document or payment may carry it, and a stored amount from
     * before that maximum, times a large rate, would not even fit a {@code long}.
     */
    public Optional<Money> convert(Money amount, CurrencyCode target) {
        BigDecimal major = BigDecimal.valueOf(amount.amountMinor(), amount.currency().minorUnitDigits());
        BigDecimal convertedMinor = major.multiply(value).setScale(target.minorUnitDigits(), RoundingMode.HALF_EVEN)
                .movePointRight(target.minorUnitDigits());
        if (convertedMinor.abs().compareTo(BigDecimal.valueOf(Money.AMOUNT_MINOR_MAX)) > 0) {
            return Optional.empty();
        }
        return Optional.of(Money.of(convertedMinor.longValueExact(), target));
    }
}
