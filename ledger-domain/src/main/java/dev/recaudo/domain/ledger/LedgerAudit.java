package dev.recaudo.domain.ledger;

/**
 * Port: checks I1-I5 over the stored rows themselves, across every company and environment (the
 * one port method without a tenant: it audits the whole store, and reports ids only). The check
 * reads amounts from three independent records (document and payment rows, payment applications,
 * ledger entries), so a mistake in the code that writes one of them cannot hide in the check.
 */
public interface LedgerAudit {

    /** The result of one request for a check. */
    sealed interface Outcome {
    }

    /** The check ran over one consistent snapshot of the store. */
    record Completed(LedgerCheck check) implements Outcome {
    }

    /** Another instance was checking at that moment, so this one did not run a second, concurrent scan. */
    record CheckedElsewhere() implements Outcome {
    }

    Outcome check();
}
