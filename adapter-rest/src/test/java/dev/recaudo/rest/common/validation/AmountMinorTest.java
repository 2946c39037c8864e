package dev.recaudo.rest.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.money.Money;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Amounts in minor units: the range up to the maximum, and each family's wording of an absent amount. */
class AmountMinorTest {

    record Amounts(@AmountMinor(min = 1) Long amountMinor, @AmountMinor(min = 0, whenNull = "is required and more") Long priceMinor,
            @AmountMinor(min = 1, required = false) Long totalMinor) {}

    @Test
    void givenAbsentAmounts_whenChecked_thenEachWordedAsDeclaredAndOptionalPasses() {
        assertThat(Checked.errors(new Amounts(null, null, null))).isEqualTo(Map.of(
                "amountMinor", List.of("is required"), "priceMinor", List.of("is required and more")));
    }

    @Test
    void givenAmountsOutOfRange_whenChecked_thenRangeNamed() {
        assertThat(Checked.errors(new Amounts(0L, -1L, Money.AMOUNT_MINOR_MAX + 1))).isEqualTo(Map.of(
                "amountMinor", List.of("must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX),
                "priceMinor", List.of("must be an integer from 0 to " + Money.AMOUNT_MINOR_MAX),
                "totalMinor", List.of("must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX)));
    }

    @Test
    void givenAmountsAtTheBounds_whenChecked_thenAccepted() {
        assertThat(Checked.errors(new Amounts(1L, 0L, Money.AMOUNT_MINOR_MAX))).isEmpty();
    }
}
