package dev.recaudo.domain.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ExternalPaymentStatusTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    private static ExternalPayment pending() {
        return new ExternalPayment(UUID.randomUUID(), new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST),
                "source:shop", UUID.randomUUID(), ExternalPaymentMode.HOSTED, ExternalPaymentStatus.PENDING,
                Money.of(100, CurrencyCode.USD), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(UUID.randomUUID()), Optional.empty(), NOW, NOW);
    }

    @Test
    void givenPending_thenItMovesToEachFinalStateAndFinalStatesMoveNowhereButALateApproval() {
        for (ExternalPaymentStatus target : ExternalPaymentStatus.values()) {
            assertThat(ExternalPaymentStatus.PENDING.canMoveTo(target)).isEqualTo(target != ExternalPaymentStatus.PENDING);
            assertThat(ExternalPaymentStatus.COMPLETED.canMoveTo(target)).isFalse();
            // A charge the processor did not know when asked, approved afterwards, or a card session a payer
            // completed as the route closed: the money was taken.
            assertThat(ExternalPaymentStatus.CANCELED.canMoveTo(target)).isEqualTo(target == ExternalPaymentStatus.COMPLETED);
            assertThat(ExternalPaymentStatus.FAILED.canMoveTo(target)).isEqualTo(target == ExternalPaymentStatus.COMPLETED);
        }
    }

    @Test
    void givenWireNames_thenLowerCaseWithCanceledSpelledAsInvoicesSpellIt() {
        assertThat(ExternalPaymentStatus.CANCELED.wireName()).isEqualTo("canceled");
        assertThat(ExternalPaymentStatus.fromWireName("completed")).isEqualTo(ExternalPaymentStatus.COMPLETED);
    }

    @Test
    void givenCompletedPayment_thenItNamesItsLedgerPaymentAndCannotBeCanceled() {
        UUID ledgerPayment = UUID.randomUUID();
        ExternalPayment completed = pending().completed(ledgerPayment, NOW);
        assertThat(completed.paymentId()).contains(ledgerPayment);
        assertThatThrownBy(() -> completed.canceled(NOW)).isInstanceOf(IllegalStateException.class);
        assertThat(pending().canceled(NOW).status()).isEqualTo(ExternalPaymentStatus.CANCELED);
    }
}
