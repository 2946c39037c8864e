package dev.recaudo.domain.money;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class CurrencyCodeTest {

    @ParameterizedTest
    @CsvSource({"USD, USD", "usd, USD", "Usd, USD", "vEs, VES", "'  cop ', COP", "mxn, MXN", "CRC, CRC"})
    void givenKeptCurrencyInAnyCase_whenParsing_thenAnswersIt(String text, CurrencyCode expected) {
        assertThat(CurrencyCode.parse(text)).contains(expected);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "EUR", "eur", "US", "USDX", "U S D", "840"})
    void givenUnknownCurrency_whenParsing_thenEmpty(String text) {
        assertThat(CurrencyCode.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(CurrencyCode.class)
    void givenEveryKeptCurrency_whenAskingMinorUnits_thenTwoDecimalPlaces(CurrencyCode currency) {
        assertThat(currency.minorUnitDigits()).isEqualTo(2);
    }
}
