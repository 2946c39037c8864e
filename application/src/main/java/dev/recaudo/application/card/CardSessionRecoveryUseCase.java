package dev.recaudo.application.card;

import dev.recaudo.domain.apikey.KeyEnvironment;

/** Inbound port of the scheduled reconciliation: open sessions older than the age are asked about at the processor. */
public interface CardSessionRecoveryUseCase {

    /** Answers how many sessions it asked about. */
    int reconcileOpenSessions(KeyEnvironment environment);
}
