package dev.recaudo.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import org.junit.jupiter.api.Test;

class CertifiedRateTest {

    @Test
    void givenRateText_whenParsing_thenOnlyThePublishedShapeIsAccepted() {
        assertThat(CertifiedRate.parse("36.5")).isPresent();
        assertThat(CertifiedRate.parse("1234567890.12345678")).isPresent();
        for (String text : new String[] {"12345678901234567890", "1,5", "-1", ".5", "1.", "1e3", "0", "0.000", " 1", null}) {
            assertThat(CertifiedRate.parse(text)).as(String.valueOf(text)).isEmpty();
        }
    }

    @Test
    void givenAmount_whenConverting_thenExactWithHalfEvenRounding() {
        CertifiedRate rate = CertifiedRate.parse("36.5").orElseThrow();
        assertThat(rate.convert(Money.of(10000, CurrencyCode.USD), CurrencyCode.VES)).hasValue(Money.of(365000, CurrencyCode.VES));
        // 0.01 x 36.25 = 0.3625 -> 0.36; 0.01 x 36.5 = 0.365 -> 0.36 (the even neighbour); 0.01 x 37.5 = 0.375 -> 0.38
        assertThat(CertifiedRate.parse("36.25").orElseThrow().convert(Money.of(1, CurrencyCode.USD), CurrencyCode.VES).orElseThrow().amountMinor())
                .isEqualTo(36);
        assertThat(rate.convert(Money.of(1, CurrencyCode.USD), CurrencyCode.VES).orElseThrow().amountMinor()).isEqualTo(36);
        assertThat(CertifiedRate.parse("37.5").orElseThrow().convert(Money.of(1, CurrencyCode.USD), CurrencyCode.VES).orElseThrow().amountMinor())
                .isEqualTo(38);
    }

    @Test
    void givenAResultAboveTheMaximumAmount_whenConverting_thenNoAmountRatherThanAnOverflow() {
        Money largest = Money.of(Money.AMOUNT_MINOR_MAX, CurrencyCode.USD);
        assertThat(CertifiedRate.parse("1").orElseThrow().convert(largest, CurrencyCode.VES))
                .hasValue(Money.of(Money.AMOUNT_MINOR_MAX, CurrencyCode.VES));
        assertThat(CertifiedRate.parse("1.000000000000001").orElseThrow().convert(largest, CurrencyCode.VES)).isEmpty();
        assertThat(CertifiedRate.parse("36.5").orElseThrow().convert(largest, CurrencyCode.VES)).isEmpty();
        // A payment stored before there was a maximum: the exact product does not even fit a long.
        Money stored = Money.of(Long.MAX_VALUE, CurrencyCode.USD);
        for (String rate : new String[] {"36.5", "9999999999999999999", "1"}) {
            assertThat(CertifiedRate.parse(rate).orElseThrow().convert(stored, CurrencyCode.VES)).as(rate).isEmpty();
        }
    }
}
