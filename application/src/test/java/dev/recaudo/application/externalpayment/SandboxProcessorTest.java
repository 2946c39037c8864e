package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.fakes.MutableClock;
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

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final TenantScope SCOPE = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);

    private final InMemorySandboxRefundBook refunds = new InMemorySandboxRefundBook();
    private final SandboxProcessor processor = new SandboxProcessor(refunds, new MutableClock(NOW));

    private static Decision decide(long amountMinor) {
        Instant now = NOW;
        return new SandboxProcessor(new InMemorySandboxRefundBook(), new MutableClock(NOW)).charge(new ExternalPayment(UUID.randomUUID(),
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

    @Test
    void givenARefundAskedTwiceUnderOneKey_thenRefundedOnceAndTheSameAnswerAndReferenceBothTimes() {
        RefundRequest request = new RefundRequest(SCOPE, UUID.randomUUID(), Money.of(1500, CurrencyCode.USD), "refund:one");
        RefundAnswer first = processor.refund(request);
        RefundAnswer again = processor.refund(request);
        assertThat(first.decision()).isEqualTo(Decision.APPROVED);
        assertThat(again).isEqualTo(first);
        assertThat(processor.refundOf(SCOPE, "refund:one")).contains(first);
        assertThat(processor.refundOf(SCOPE, "refund:never")).isEmpty();
    }

    @Test
    void givenARefundWhoseAmountEndsIn02_thenDeclined() {
        RefundAnswer declined = processor.refund(new RefundRequest(SCOPE, UUID.randomUUID(), Money.of(702, CurrencyCode.USD),
                "refund:declined"));
        assertThat(declined.decision()).isEqualTo(Decision.DECLINED);
        assertThat(declined.reference()).isPresent();
    }
}
