package dev.recaudo.domain.money;

import static dev.recaudo.domain.money.CurrencyCode.COP;
import static dev.recaudo.domain.money.CurrencyCode.USD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;

class MoneyTest {

    private static Money usd(long amountMinor) {
        return Money.of(amountMinor, USD);
    }

    private static Money cop(long amountMinor) {
        return Money.of(amountMinor, COP);
    }

    @Test
    void givenTwoAmounts_whenAdding_thenSumIsExactInMinorUnits() {
        assertThat(usd(100_10).plus(usd(0_05))).isEqualTo(usd(100_15));
    }

    @Test
    void givenTwoAmounts_whenSubtracting_thenDifferenceIsExactAndMayBeNegative() {
        assertThat(usd(100_00).minus(usd(0_01))).isEqualTo(usd(99_99));
        assertThat(usd(1).minus(usd(2))).isEqualTo(usd(-1));
    }

    @Test
    void givenAmountsThatIntegerArithmeticWouldRoundAsDoubles_whenAdding_thenNoPrecisionIsLost() {
        // 2^53 + 1 is the first integer a double cannot hold.
        long large = (1L << 53);

        assertThat(usd(large).plus(usd(1)).amountMinor()).isEqualTo(large + 1);
    }

    @Test
    void givenLargestAmount_whenAddingOneMinorUnit_thenArithmeticException() {
        Money largest = usd(Long.MAX_VALUE);

        assertThatExceptionOfType(ArithmeticException.class).isThrownBy(() -> largest.plus(usd(1)));
    }

    @Test
    void givenSmallestAmount_whenSubtractingOneMinorUnit_thenArithmeticException() {
        Money smallest = usd(Long.MIN_VALUE);

        assertThatExceptionOfType(ArithmeticException.class).isThrownBy(() -> smallest.minus(usd(1)));
    }

    @Test
    void givenSmallestAmount_whenNegating_thenArithmeticException() {
        Money smallest = usd(Long.MIN_VALUE);

        assertThatExceptionOfType(ArithmeticException.class).isThrownBy(smallest::negate);
    }

    @Test
    void givenAmount_whenNegating_thenSignFlipsAndCurrencyStays() {
        assertThat(usd(12_34).negate()).isEqualTo(usd(-12_34));
    }

    @Test
    void givenDifferentCurrencies_whenAdding_thenIllegalArgument() {
        assertThatIllegalArgumentException().isThrownBy(() -> usd(1).plus(cop(1))).withMessageContaining("currency mismatch");
    }

    @Test
    void givenDifferentCurrencies_whenSubtracting_thenIllegalArgument() {
        assertThatIllegalArgumentException().isThrownBy(() -> usd(1).minus(cop(1))).withMessageContaining("currency mismatch");
    }

    @Test
    void givenDifferentCurrencies_whenComparing_thenIllegalArgument() {
        assertThatIllegalArgumentException().isThrownBy(() -> usd(1).min(cop(2)));
        assertThatIllegalArgumentException().isThrownBy(() -> usd(1).isGreaterThan(cop(2)));
    }

    @Test
    void givenTwoAmounts_whenTakingMin_thenSmallerOne() {
        assertThat(usd(5).min(usd(7))).isEqualTo(usd(5));
        assertThat(usd(7).min(usd(5))).isEqualTo(usd(5));
    }

    @Test
    void givenSignedAmounts_whenAskingTheirSign_thenExactlyOneAnswerIsTrue() {
        assertThat(Money.zero(USD).isZero()).isTrue();
        assertThat(Money.zero(USD).isPositive()).isFalse();
        assertThat(Money.zero(USD).isNegative()).isFalse();
        assertThat(usd(1).isPositive()).isTrue();
        assertThat(usd(-1).isNegative()).isTrue();
        assertThat(usd(2).isGreaterThan(usd(1))).isTrue();
        assertThat(usd(1).isGreaterThan(usd(1))).isFalse();
    }

    @Test
    void givenNoCurrency_whenBuilding_thenRefused() {
        assertThatNullPointerException().isThrownBy(() -> Money.of(1, null));
    }

    @Test
    void givenAmounts_whenCheckedAgainstTheMaximum_thenUpToTenToTheFifteenEitherWay() {
        assertThat(Money.AMOUNT_MINOR_MAX).isEqualTo(1_000_000_000_000_000L);
        assertThat(usd(Money.AMOUNT_MINOR_MAX).isWithinAmountMaximum()).isTrue();
        assertThat(usd(-Money.AMOUNT_MINOR_MAX).isWithinAmountMaximum()).isTrue();
        assertThat(usd(Money.AMOUNT_MINOR_MAX + 1).isWithinAmountMaximum()).isFalse();
        assertThat(usd(Long.MAX_VALUE).isWithinAmountMaximum()).isFalse();
        assertThat(usd(Long.MIN_VALUE).isWithinAmountMaximum()).isFalse();
        // The largest request sums 500 amounts at the maximum; that still fits a long.
        assertThat(Math.multiplyExact(500, Money.AMOUNT_MINOR_MAX)).isLessThan(Long.MAX_VALUE);
    }
}
