package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import java.time.Clock;

/**
 * The processor of test keys: no money moves, and the outcome follows from the amount so that a
 * partner can test every branch (docs/reference/external-payments.md): an {@code amountMinor}
 * ending in {@code 02} is declined, one ending in {@code 03} stays pending, one ending in
 * {@code 04} is approved but its answer is lost on the way back (as a timeout would lose it), any
 * other is approved. Like a real processor it keeps its charges, one per processor key, and
 * answers what became of one when asked.
 */
public final class SandboxProcessor implements PaymentProcessor {

    public static final long DECLINED_ENDING = 2;
    public static final long PENDING_ENDING = 3;
    public static final long ANSWER_LOST_ENDING = 4;

    private final SandboxChargeBook book;
    private final Clock clock;

    public SandboxProcessor(SandboxChargeBook book, Clock clock) {
        this.book = book;
        this.clock = clock;
    }

    @Override
    public Decision charge(ChargeRequest request) {
        long ending = request.amount().amountMinor() % 100;
        Decision decided = ending == DECLINED_ENDING ? Decision.DECLINED
                : ending == PENDING_ENDING ? Decision.PENDING : Decision.APPROVED;
        Decision recorded = book.charge(request.scope(), request.processorKey(), request.amount(), decided, clock.instant());
        if (ending == ANSWER_LOST_ENDING) {
            throw new AnswerLost("the sandbox charge " + request.processorKey() + " was made and its answer lost");
        }
        return recorded;
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        return book.find(scope, processorKey).map(decision -> switch (decision) {
            case APPROVED -> Finding.APPROVED;
            case DECLINED -> Finding.DECLINED;
            case PENDING -> Finding.PENDING;
        }).orElse(Finding.NOT_FOUND);
    }
}
