package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The processor of test keys: no money moves, and the outcome follows from the amount so that a
 * partner can test every branch (docs/reference/external-payments.md): an {@code amountMinor}
 * ending in {@code 02} is declined, one ending in {@code 03} stays pending, any other is approved.
 * A refund follows the same rule for a decline (its own amount ending in {@code 02}) and is kept in
 * the sandbox's own record, so the same refund asked twice, from any instance, is answered once.
 */
public final class SandboxProcessor implements PaymentProcessor {

    public static final long DECLINED_ENDING = 2;
    public static final long PENDING_ENDING = 3;

    private final SandboxRefundBook refunds;
    private final Clock clock;

    public SandboxProcessor(SandboxRefundBook refunds, Clock clock) {
        this.refunds = refunds;
        this.clock = clock;
    }

    @Override
    public Decision charge(ExternalPayment payment) {
        long ending = payment.amount().amountMinor() % 100;
        if (ending == DECLINED_ENDING) {
            return Decision.DECLINED;
        }
        return ending == PENDING_ENDING ? Decision.PENDING : Decision.APPROVED;
    }

    @Override
    public RefundAnswer refund(RefundRequest request) {
        boolean declined = request.amount().amountMinor() % 100 == DECLINED_ENDING;
        SandboxRefundBook.Answer proposed = new SandboxRefundBook.Answer("sandbox_re_" + UUID.randomUUID(), declined);
        return answer(refunds.refund(request.scope(), request.idempotencyKey(), request.amount(), proposed, clock.instant()));
    }

    @Override
    public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
        return refunds.find(scope, idempotencyKey).map(SandboxProcessor::answer);
    }

    private static RefundAnswer answer(SandboxRefundBook.Answer recorded) {
        return new RefundAnswer(recorded.declined() ? Decision.DECLINED : Decision.APPROVED, Optional.of(recorded.reference()));
    }
}
