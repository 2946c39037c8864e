package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.PaymentProcessor.Finding;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SandboxProcessorTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    private final InMemorySandboxChargeBook book = new InMemorySandboxChargeBook();
    private final InMemorySandboxRefundBook refunds = new InMemorySandboxRefundBook();
    private final SandboxProcessor processor = new SandboxProcessor(book, refunds, new MutableClock(Instant.parse("2026-11-24T10:00:00Z")));

    private static ChargeRequest request(long amountMinor) {
        UUID paymentId = UUID.randomUUID();
        return new ChargeRequest(SCOPE, ChargeRequest.keyOf(paymentId), paymentId, Money.of(amountMinor, CurrencyCode.USD),
                Optional.empty(), Optional.empty());
    }

    private Decision decide(long amountMinor) {
        return processor.charge(request(amountMinor)).decision();
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
    void givenAChargeMade_whenChargedAgainWithItsKey_thenTheFirstDecisionAndNoSecondCharge() {
        ChargeRequest request = request(2500);

        assertThat(processor.charge(request).decision()).isEqualTo(Decision.APPROVED);
        assertThat(processor.charge(request).decision()).isEqualTo(Decision.APPROVED);

        assertThat(book.charges()).isEqualTo(1);
        assertThat(processor.lookup(SCOPE, request.processorKey())).isEqualTo(Finding.APPROVED);
    }

    @Test
    void givenAnAmountEndingIn04_whenCharged_thenTheAnswerIsLostButAskingFindsTheChargeApproved() {
        ChargeRequest request = request(2504);

        assertThatThrownBy(() -> processor.charge(request)).isInstanceOf(PaymentProcessor.AnswerLost.class);

        assertThat(processor.lookup(SCOPE, request.processorKey())).isEqualTo(Finding.APPROVED);
    }

    @Test
    void givenEachDecision_whenAsked_thenTheRecordedOneAndNotFoundForAKeyNeverCharged() {
        ChargeRequest declined = request(2502);
        ChargeRequest pending = request(2503);
        processor.charge(declined);
        processor.charge(pending);

        assertThat(processor.lookup(SCOPE, declined.processorKey())).isEqualTo(Finding.DECLINED);
        assertThat(processor.lookup(SCOPE, pending.processorKey())).isEqualTo(Finding.PENDING);
        assertThat(processor.lookup(SCOPE, request(2500).processorKey())).isEqualTo(Finding.NOT_FOUND);
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
