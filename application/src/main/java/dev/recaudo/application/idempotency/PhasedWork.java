package dev.recaudo.application.idempotency;

import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import java.util.function.Supplier;

/**
 * A request whose work leaves the process (a charge), run by {@link IdempotentExecution} in atomic
 * phases: nothing that leaves the process runs inside a transaction that may be run again.
 */
public interface PhasedWork {

    /**
     * Phase 1, in the claim's transaction: records the resource (a pending payment). An exception
     * rolls back the claim and every write, as an error answer does in one transaction.
     */
    RecoveryPoint start();

    /**
     * Phase 2, outside any transaction and row lock, run once: the call that leaves the process.
     *
     * @return phase 3, which records the call's outcome in a transaction of its own and may be run
     *     again after a lock race, never repeating phase 2
     */
    Supplier<PhaseAnswer> proceed(RecoveryPoint point);

    /**
     * A retry of the request after phase 1 committed and before a settled answer was stored: the
     * resource as it stands, read without running anything again.
     */
    StoredResponse resume(RecoveryPoint point);

    /** What phase 3 answers. */
    sealed interface PhaseAnswer {

        StoredResponse response();

        /** The resource reached its final state: the answer is stored and replayed from now on. */
        record Settled(StoredResponse response) implements PhaseAnswer {}

        /** The outcome is not final yet (pending, or unknown): a retry resumes and answers it as it then stands. */
        record Unsettled(StoredResponse response) implements PhaseAnswer {}
    }
}
