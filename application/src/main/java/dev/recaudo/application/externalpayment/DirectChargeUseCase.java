package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: the charge of a direct payment that {@link ExternalPaymentsUseCase#create} recorded
 * pending, in the two phases after that record committed (docs/reference/external-payments.md).
 */
public interface DirectChargeUseCase {

    /** What came of asking the processor to charge. */
    enum ChargeOutcome {
        APPROVED,
        DECLINED,
        /** The processor has not decided yet. */
        PENDING,
        /** The answer was lost (a timeout, a connection reset): the recovery asks the processor later. */
        UNKNOWN,
        /** Nothing was sent: the payment was no longer pending, or its environment has no processor now. */
        NOT_SENT
    }

    /** Phase 2: asks the processor to charge the pending payment, once, outside any transaction. */
    ChargeOutcome charge(TenantScope scope, String partner, UUID paymentId);

    /**
     * Phase 3: records the outcome on the payment, locked and still pending (completed with its
     * money, or failed), in the caller's transaction or a new one; safe to run again after a lock race.
     *
     * @return the payment as it stands afterwards
     */
    ExternalPaymentView record(TenantScope scope, String partner, UUID paymentId, ChargeOutcome outcome);

    /**
     * A processor's event about the charge of a direct payment (whatever its partner): completes or fails
     * it as {@link #record} does, in the caller's transaction; one no longer pending stays as it stands.
     *
     * @return the payment afterwards; empty when the scope has no such direct payment
     */
    Optional<ExternalPayment> settleFromProcessor(TenantScope scope, UUID paymentId, boolean charged);

    /** Where the payer must go to authenticate the pending charge (3-D Secure), when the processor asked for it. */
    Optional<String> nextActionUrl(TenantScope scope, UUID paymentId);
}
