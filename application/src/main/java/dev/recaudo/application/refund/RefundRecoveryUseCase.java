package dev.recaudo.application.refund;

import dev.recaudo.domain.apikey.KeyEnvironment;

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
}
