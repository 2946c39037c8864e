package dev.recaudo.application.integration;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;

/** The rollback of a payment request that cannot be applied: its answer names the rejection. */
final class PaymentRollback {

    private PaymentRollback() {
    }

    static Rollback rejected(Rejection reason, String detail) {
        return new Rollback(new ApplyResult.Rejected(reason, detail));
    }
}
