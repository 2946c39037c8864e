package dev.recaudo.application.refund;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.refund.Refund;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: resolves refunds left pending after their request ended (an answer lost, a crash
 * between phases), by asking the processor under each refund's key; it refunds only one the
 * processor never saw, and that under the same key, so nothing is refunded twice.
 */
public interface RefundRecoveryUseCase {

    /**
     * Asks about a batch of the environment's refunds pending for longer than the threshold, oldest
     * first, and records what the processor answers.
     *
     * @return how many refunds it asked about
     */
    int recoverPendingRefunds(KeyEnvironment environment);

    /**
     * The processor's own word on a refund Recaudo asked for (its event), recorded as the refund's answer
     * is, in the caller's transaction: a refund no longer pending stays as it stands.
     *
     * @return the refund afterwards; empty when the scope has no such refund
     */
    Optional<Refund> resolveFromProcessor(TenantScope scope, UUID refundId, PaymentProcessor.RefundAnswer answer);
}
