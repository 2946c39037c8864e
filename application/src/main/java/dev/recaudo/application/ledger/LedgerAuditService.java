package dev.recaudo.application.ledger;

import dev.recaudo.domain.ledger.InvariantViolation;
import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import java.lang.System.Logger.Level;

public final class LedgerAuditService implements LedgerAuditUseCase {

    private static final System.Logger LOG = System.getLogger(LedgerAuditService.class.getName());

    private final LedgerAudit audit;

    public LedgerAuditService(LedgerAudit audit) {
        this.audit = audit;
    }

    @Override
    public LedgerAudit.Outcome check() {
        LedgerAudit.Outcome outcome = audit.check();
        if (outcome instanceof LedgerAudit.Completed completed && !completed.check().holds()) {
            report(completed.check());
        }
        return outcome;
    }

    /** One line per violation shown, then one per invariant with more rows than were shown. */
    private static void report(LedgerCheck check) {
        for (InvariantViolation violation : check.firstViolations()) {
            LOG.log(Level.ERROR, "Ledger invariant broken: {0}", violation);
        }
        for (LedgerInvariant invariant : LedgerInvariant.values()) {
            long shown = check.firstViolations().stream().filter(violation -> violation.invariant() == invariant).count();
            if (check.violations(invariant) > shown) {
                LOG.log(Level.ERROR, "Ledger invariant broken: {0} {1}: and {2} more rows", invariant, invariant.rule(),
                        check.violations(invariant) - shown);
            }
        }
    }
}
