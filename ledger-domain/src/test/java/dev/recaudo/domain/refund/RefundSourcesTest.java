package dev.recaudo.domain.refund;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import org.junit.jupiter.api.Test;

/** Where a refund takes the payment's money from: unapplied first, then credit, then the document. */
class RefundSourcesTest {

    private static Money usd(long minor) {
        return Money.of(minor, CurrencyCode.USD);
    }

    @Test
    void givenMoneyInEveryPlace_whenTaken_thenUnappliedThenCreditThenDocument() {
        assertThat(RefundSources.take(usd(300), usd(100), usd(150), usd(1000)))
                .isEqualTo(new RefundSources(usd(100), usd(150), usd(50)));
        assertThat(RefundSources.take(usd(80), usd(100), usd(150), usd(1000)))
                .isEqualTo(new RefundSources(usd(80), usd(0), usd(0)));
        assertThat(RefundSources.take(usd(1250), usd(100), usd(150), usd(1000)).total()).isEqualTo(usd(1250));
    }

    @Test
    void givenMoreThanThePaymentHolds_whenTaken_thenRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> RefundSources.take(usd(1251), usd(100), usd(150), usd(1000)));
    }
}
