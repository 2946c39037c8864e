package dev.recaudo.application.integration;

import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;

/**
 * Carries the result of a payment request that cannot be applied out of its transaction, while
 * rolling back whatever it wrote; a business rejection, not a failure, so it has no stack trace.
 */
final class PaymentRollback extends RuntimeException {

    private final transient ApplyResult result;

    PaymentRollback(ApplyResult result) {
        super(null, null, false, false);
        this.result = result;
    }

    static PaymentRollback rejected(Rejection reason, String detail) {
        return new PaymentRollback(new ApplyResult.Rejected(reason, detail));
    }

    ApplyResult result() {
        return result;
    }
}
