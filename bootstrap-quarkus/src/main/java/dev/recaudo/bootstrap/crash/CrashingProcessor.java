package dev.recaudo.bootstrap.crash;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.domain.common.TenantScope;
import java.util.Optional;

/**
 * Around the payment processor: a direct payment's charge may halt after the processor answered
 * and before the answer is recorded, the moment a crash leaves money taken and the payment
 * pending, and a refund likewise after the processor refunded. The processor's wiring puts it
 * around every processor; unarmed, it passes every call on. Questions about a charge or a refund
 * never halt.
 */
public final class CrashingProcessor implements PaymentProcessor {

    private final PaymentProcessor processor;
    private final CrashSwitch crash;

    private CrashingProcessor(PaymentProcessor processor, CrashSwitch crash) {
        this.processor = processor;
        this.crash = crash;
    }

    public static PaymentProcessor around(PaymentProcessor processor, CrashSwitch crash) {
        return new CrashingProcessor(processor, crash);
    }

    @Override
    public ChargeAnswer charge(ChargeRequest request) {
        ChargeAnswer answer = processor.charge(request);
        crash.reached(CrashPoint.CHARGE_AFTER_PROCESSOR);
        return answer;
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        return processor.lookup(scope, processorKey);
    }

    @Override
    public RefundAnswer refund(RefundRequest request) {
        RefundAnswer answer = processor.refund(request);
        crash.reached(CrashPoint.REFUND_AFTER_PROCESSOR);
        return answer;
    }

    @Override
    public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
        return processor.refundOf(scope, idempotencyKey);
    }
}
