package dev.recaudo.rest.invoice;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.FieldErrors;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * The public invoice API speaks decimal major units; the core speaks integer minor units. This is
 * the one place where a request's amount is converted, exactly and without {@code double}:
 * {@code 20} is 2000 minor units, {@code 0.01} the smallest amount, and a third decimal is refused.
 */
final class MajorUnits {

    static final BigDecimal MIN = new BigDecimal("0.01");
    static final BigDecimal MAX = new BigDecimal("1000000");

    private MajorUnits() {}

    static Optional<Money> parse(String field, BigDecimal amount, CurrencyCode currency, FieldErrors errors) {
        // Only a scale above the minor unit's can hide a fraction below it; stripping zeros from a huge
        // negative scale (1E+2147483647 written as 10E+2147483647) would overflow the scale instead.
        if (amount.scale() > currency.minorUnitDigits() && amount.stripTrailingZeros().scale() > currency.minorUnitDigits()) {
            errors.add(field, "must be a multiple of 0.01");
            return Optional.empty();
        }
        if (amount.compareTo(MIN) < 0 || amount.compareTo(MAX) > 0) {
            errors.add(field, "must be between 0.01 and 1000000");
            return Optional.empty();
        }
        return Optional.of(Money.of(amount.movePointRight(currency.minorUnitDigits()).longValueExact(), currency));
    }
}
