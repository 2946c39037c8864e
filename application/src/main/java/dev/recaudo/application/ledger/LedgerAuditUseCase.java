package dev.recaudo.application.ledger;

import dev.recaudo.domain.ledger.LedgerAudit;

/** Inbound port: check the ledger invariants now, and report every violation found. */
public interface LedgerAuditUseCase {

    /** Checks I1-I5, unless another instance is checking; each violation found is logged at ERROR. */
    LedgerAudit.Outcome check();
}
