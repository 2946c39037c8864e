package dev.recaudo.bootstrap.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.PaymentProcessor.Finding;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CrashingProcessorTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    private final List<String> events = new ArrayList<>();

    private final PaymentProcessor processor = new PaymentProcessor() {
        @Override
        public ChargeAnswer charge(ChargeRequest request) {
            events.add("charged");
            return ChargeAnswer.of(Decision.APPROVED);
        }

        @Override
        public Finding lookup(TenantScope scope, String processorKey) {
            events.add("asked");
            return Finding.APPROVED;
        }

        @Override
        public RefundAnswer refund(RefundRequest request) {
            events.add("refunded");
            return new RefundAnswer(Decision.APPROVED, Optional.of("re_1"));
        }

        @Override
        public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
            events.add("asked about a refund");
            return Optional.empty();
        }
    };

    private PaymentProcessor armed(Optional<CrashPoint> point) {
        return CrashingProcessor.around(processor, new CrashSwitch(point, 1, () -> events.add("halted")));
    }

    @Test
    void givenChargeAfterProcessorArmed_whenCharging_thenHaltsOnlyAfterTheProcessorAnsweredAndNeverWhenAsking() {
        PaymentProcessor crashing = armed(Optional.of(CrashPoint.CHARGE_AFTER_PROCESSOR));
        UUID paymentId = UUID.randomUUID();

        crashing.lookup(SCOPE, ChargeRequest.keyOf(paymentId));
        crashing.charge(new ChargeRequest(SCOPE, ChargeRequest.keyOf(paymentId), paymentId, Money.of(2500, CurrencyCode.USD),
                Optional.empty(), Optional.empty()));

        assertThat(events).containsExactly("asked", "charged", "halted");
    }

    @Test
    void givenAnotherPointArmed_whenCharging_thenPassesTheDecisionOn() {
        PaymentProcessor crashing = armed(Optional.of(CrashPoint.CALLBACK_BEFORE_SEND));
        UUID paymentId = UUID.randomUUID();

        Decision decision = crashing.charge(new ChargeRequest(SCOPE, ChargeRequest.keyOf(paymentId), paymentId,
                Money.of(2500, CurrencyCode.USD), Optional.empty(), Optional.empty())).decision();

        assertThat(decision).isEqualTo(Decision.APPROVED);
        assertThat(events).containsExactly("charged");
    }

    @Test
    void givenChargeAfterProcessorArmed_whenRefunding_thenRefundsAndQuestionsPassOnWithoutHalting() {
        PaymentProcessor crashing = armed(Optional.of(CrashPoint.CHARGE_AFTER_PROCESSOR));

        assertThat(crashing.refundOf(SCOPE, "refund:1")).isEmpty();
        assertThat(crashing.refund(new RefundRequest(SCOPE, UUID.randomUUID(), Money.of(500, CurrencyCode.USD), "refund:1")))
                .isEqualTo(new RefundAnswer(Decision.APPROVED, Optional.of("re_1")));

        assertThat(events).containsExactly("asked about a refund", "refunded");
    }

    @Test
    void givenRefundAfterProcessorArmed_whenRefunding_thenHaltsOnlyAfterTheProcessorRefundedAndNeverWhenAsking() {
        PaymentProcessor crashing = armed(Optional.of(CrashPoint.REFUND_AFTER_PROCESSOR));

        crashing.refundOf(SCOPE, "refund:2");
        crashing.refund(new RefundRequest(SCOPE, UUID.randomUUID(), Money.of(500, CurrencyCode.USD), "refund:2"));

        assertThat(events).containsExactly("asked about a refund", "refunded", "halted");
    }
}
