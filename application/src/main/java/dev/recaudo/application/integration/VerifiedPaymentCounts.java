package dev.recaudo.application.integration;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.payment.PaymentOutcome;

/**
 * Counts how a verified payment or certified-rate request ended, by its {@link ApplyResult}. Called
 * after the request's transaction, or inside the caller's (the idempotent write): an outcome that
 * was kept then counts when that one commits.
 */
final class VerifiedPaymentCounts {

    private final PaymentCounts counts;

    VerifiedPaymentCounts(OperationalMetrics metrics, Transactions transactions) {
        this.counts = new PaymentCounts(metrics, transactions);
    }

    ApplyResult counted(PaymentFamily family, ApplyResult result) {
        if (result instanceof ApplyResult.Rejected rejected) {
            counts.whenSettled(PaymentCount.rejected(family, rejected.reason()));
        } else if (result instanceof ApplyResult.Processed processed) {
            counts.whenCommitted(PaymentCount.of(family, processed.view().payment().outcome()));
        } else if (result instanceof ApplyResult.AlreadyProcessed) {
            counts.whenCommitted(PaymentCount.of(family, PaymentOutcome.ALREADY_PROCESSED));
        } else {
            counts.whenCommitted(PaymentCount.of(family, PaymentOutcome.NO_OPEN_DOCUMENTS));
        }
        return result;
    }
}
