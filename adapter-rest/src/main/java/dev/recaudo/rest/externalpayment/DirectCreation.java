package dev.recaudo.rest.externalpayment;

import dev.recaudo.application.externalpayment.DirectChargeUseCase.ChargeOutcome;
import dev.recaudo.application.externalpayment.DirectChargeUseCase;
import dev.recaudo.application.externalpayment.ExternalPaymentView;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase;
import dev.recaudo.application.idempotency.PhasedWork;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.externalpayment.ExternalPaymentViews.ExternalPaymentBody;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The phases of one direct payment's creation: the pending payment is recorded with the key's
 * claim, the processor is asked once outside any transaction, and its outcome is recorded in a
 * transaction of its own. Every phase answers {@code 201} with the payment as it then stands; the
 * answer is kept for replay once the payment is completed or failed.
 */
final class DirectCreation implements PhasedWork {

    /** The recovery point of a direct create: the pending payment is recorded, its charge may have been sent. */
    static final String PAYMENT_RECORDED = "payment_recorded";

    private final CreatePayment command;
    private final ExternalPaymentsUseCase payments;
    private final DirectChargeUseCase charges;
    private final IdempotentWrites writes;
    private final Function<CreateResult, ExternalPaymentBody> created;
    private final Function<ExternalPaymentView, ExternalPaymentBody> body;

    /**
     * @param created the body of a created payment, or the problem a refused creation is answered with
     * @param body the body of a payment as it stands
     */
    DirectCreation(CreatePayment command, ExternalPaymentsUseCase payments, DirectChargeUseCase charges,
            IdempotentWrites writes, Function<CreateResult, ExternalPaymentBody> created,
            Function<ExternalPaymentView, ExternalPaymentBody> body) {
        this.command = command;
        this.payments = payments;
        this.charges = charges;
        this.writes = writes;
        this.created = created;
        this.body = body;
    }

    @Override
    public RecoveryPoint start() {
        return new RecoveryPoint(PAYMENT_RECORDED, created.apply(payments.create(command)).id());
    }

    @Override
    public Supplier<PhaseAnswer> proceed(RecoveryPoint point) {
        ChargeOutcome outcome = charges.charge(command.scope(), command.partner(), point.resourceId());
        return () -> {
            ExternalPaymentView view = charges.record(command.scope(), command.partner(), point.resourceId(), outcome);
            StoredResponse answer = answer(view);
            return view.payment().isPending() ? new PhaseAnswer.Unsettled(answer) : new PhaseAnswer.Settled(answer);
        };
    }

    @Override
    public StoredResponse resume(RecoveryPoint point) {
        return answer(payments.get(command.scope(), command.partner(), point.resourceId()).orElseThrow());
    }

    private StoredResponse answer(ExternalPaymentView view) {
        return writes.answerOf(new IdempotentWrites.Reply(201, body.apply(view)));
    }
}
