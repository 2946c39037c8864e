package dev.recaudo.rest.externalpayment;

import dev.recaudo.application.idempotency.PhasedWork;
import dev.recaudo.application.refund.RefundsUseCase.RequestRefund;
import dev.recaudo.application.refund.RefundsUseCase.StartResult;
import dev.recaudo.application.refund.RefundsUseCase;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The phases of one refund: the pending refund and its money in flight are recorded with the key's
 * claim, the processor is asked once outside any transaction under the refund's own key, and its
 * answer is recorded in a transaction of its own. Every phase answers {@code 201} with the refund as
 * it then stands; the answer is kept for replay once the refund succeeded or failed.
 */
final class RefundCreation implements PhasedWork {

    /** The recovery point of a refund: the pending refund is recorded, the processor may have been asked. */
    static final String REFUND_RECORDED = "refund_recorded";

    private final RequestRefund command;
    private final RefundsUseCase refunds;
    private final IdempotentWrites writes;

    RefundCreation(RequestRefund command, RefundsUseCase refunds, IdempotentWrites writes) {
        this.command = command;
        this.refunds = refunds;
        this.writes = writes;
    }

    @Override
    public RecoveryPoint start() {
        return new RecoveryPoint(REFUND_RECORDED, started(refunds.start(command)).id());
    }

    @Override
    public Supplier<PhaseAnswer> proceed(RecoveryPoint point) {
        Supplier<Refund> record = refunds.proceed(command.scope(), point.resourceId());
        return () -> {
            Refund refund = record.get();
            StoredResponse answer = answer(refund);
            return refund.isPending() ? new PhaseAnswer.Unsettled(answer) : new PhaseAnswer.Settled(answer);
        };
    }

    @Override
    public StoredResponse resume(RecoveryPoint point) {
        return answer(refunds.find(command.scope(), point.resourceId()).orElseThrow());
    }

    private StoredResponse answer(Refund refund) {
        return writes.answerOf(new IdempotentWrites.Reply(201, RefundViews.of(refund)));
    }

    /** The refund phase 1 recorded, or the problem a refused refund is answered with (which rolls back the claim). */
    private static Refund started(StartResult result) {
        if (result instanceof StartResult.Started started) {
            return started.refund();
        }
        if (result instanceof StartResult.ProcessorUnavailable) {
            throw new ApiProblem(Problem.SERVICE_UNAVAILABLE, "No payment processor refunds live payments yet");
        }
        StartResult.Rejected rejected = (StartResult.Rejected) result;
        throw switch (rejected.rejection()) {
            case PAYMENT_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND, rejected.detail());
            case AMOUNT_ABOVE_REFUNDABLE -> ApiProblem.validation("amountMinor", rejected.detail());
            case PAYMENT_NOT_COMPLETED -> new ApiProblem(Problem.CONFLICT, rejected.detail(),
                    Map.of("status", List.of(rejected.detail())));
            case DOCUMENT_RECONCILED -> new ApiProblem(Problem.CONFLICT, rejected.detail(),
                    Map.of("invoiceId", List.of(rejected.detail())));
        };
    }
}
