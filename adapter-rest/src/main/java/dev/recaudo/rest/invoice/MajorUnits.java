package dev.recaudo.rest.invoice;

import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;

/**
 * The public invoice API speaks decimal major units; the core speaks integer minor units. This is
 * the one place where they meet, and the conversion is exact both ways.
 */
final class MajorUnits {

    private MajorUnits() {}

    static BigDecimal of(Money money) {
        return BigDecimal.valueOf(money.amountMinor(), money.currency().minorUnitDigits());
    }
}
