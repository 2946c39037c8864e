package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SandboxProcessorTest {

    private static Decision decide(long amountMinor) {
        Instant now = Instant.parse("2026-11-24T10:00:00Z");
        return new SandboxProcessor().charge(new ExternalPayment(UUID.randomUUID(),
                new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST), "source:shop", UUID.randomUUID(),
                ExternalPaymentMode.DIRECT, ExternalPaymentStatus.PENDING, Money.of(amountMinor, CurrencyCode.USD),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), now, now));
    }

    @Test
    void givenTheDocumentedTestAmounts_thenDeclinedPendingOrApprovedByTheLastTwoDigits() {
        assertThat(decide(2)).isEqualTo(Decision.DECLINED);
        assertThat(decide(10_002)).isEqualTo(Decision.DECLINED);
        assertThat(decide(3)).isEqualTo(Decision.PENDING);
        assertThat(decide(99_903)).isEqualTo(Decision.PENDING);
        assertThat(decide(1)).isEqualTo(Decision.APPROVED);
        assertThat(decide(12)).isEqualTo(Decision.APPROVED);
        assertThat(decide(2500)).isEqualTo(Decision.APPROVED);
    }
}
