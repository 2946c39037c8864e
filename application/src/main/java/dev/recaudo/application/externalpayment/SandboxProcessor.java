package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The processor of test keys: no money moves, and the outcome follows from the amount so that a
 * partner can test every branch (docs/reference/external-payments.md): an {@code amountMinor}
 * ending in {@code 02} is declined, one ending in {@code 03} stays pending, one ending in
 * {@code 04} is approved but its answer is lost on the way back (as a timeout would lose it), any
 * other is approved. Like a real processor it keeps its charges, one per processor key, and
 * answers what became of one when asked. A refund is declined when its own amount ends in {@code 02}
 * and approved otherwise, and is kept the same way: the same refund asked twice is made once.
 */
public final class SandboxProcessor implements PaymentProcessor {

    public static final long DECLINED_ENDING = 2;
    public static final long PENDING_ENDING = 3;
    public static final long ANSWER_LOST_ENDING = 4;

    private final SandboxChargeBook book;
    private final SandboxRefundBook refunds;
    private final Clock clock;

    public SandboxProcessor(SandboxChargeBook book, SandboxRefundBook refunds, Clock clock) {
        this.book = book;
        this.refunds = refunds;
        this.clock = clock;
    }

    @Override
    public ChargeAnswer charge(ChargeRequest request) {
        long ending = request.amount().amountMinor() % 100;
        Decision decided = ending == DECLINED_ENDING ? Decision.DECLINED
                : ending == PENDING_ENDING ? Decision.PENDING : Decision.APPROVED;
        Decision recorded = book.charge(request.scope(), request.processorKey(), request.amount(), decided, clock.instant());
        if (ending == ANSWER_LOST_ENDING) {
            throw new AnswerLost("the sandbox charge " + request.processorKey() + " was made and its answer lost");
        }
        return ChargeAnswer.of(recorded);
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        return book.find(scope, processorKey).map(decision -> switch (decision) {
            case APPROVED -> Finding.APPROVED;
            case DECLINED -> Finding.DECLINED;
            case PENDING -> Finding.PENDING;
        }).orElse(Finding.NOT_FOUND);
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
