package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;

/** Inbound port: resolves direct charges whose outcome never arrived, by asking the processor, never by charging again. */
public interface ChargeRecoveryUseCase {

    /**
     * Asks the processor about a batch of the environment's direct payments pending for longer than
     * the threshold, and records what it answers.
     *
     * @return how many payments it asked about
     */
    int recoverUnknownCharges(KeyEnvironment environment);
}
