package dev.recaudo.application.idempotency;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.IdempotencyStore.Claim;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.domain.idempotency.Signature;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs a request's work at most once per idempotency key. The claim, the work and the stored
 * answer share one transaction: a concurrent twin waits on the claim and then replays the answer,
 * and a failure rolls back all three, so a retry runs the work afresh. Error answers (4xx, 5xx)
 * are not stored: the same request gets the same error again by being checked again. A signed
 * request's signature is part of its claim: the same signed bytes under another key run nothing.
 * The audit record the work draws up is written in the same transaction, just before the answer is
 * stored: kept exactly when the work is, and otherwise left to the caller to write on its own.
 * Work that leaves the process (a charge) runs in phases instead ({@link #executePhased}): the claim
 * commits with a recovery point, the call runs outside any transaction, and its outcome is recorded
 * in a transaction of its own, so a lock race never repeats the call.
 */
public final class IdempotentExecution {

    private final IdempotencyStore store;
    private final AuditLog audit;
    private final Transactions transactions;
    private final Clock clock;

    public IdempotentExecution(IdempotencyStore store, AuditLog audit, Transactions transactions, Clock clock) {
        this.store = store;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    public sealed interface Outcome {
        /**
         * The work ran to this answer.
         *
         * @param recorded the audit record written with the work, when the answer was stored with one
         *     and committed; none when it rolled back (an error answer) or came without a record
         */
        record Executed(StoredResponse response, Optional<AuditRecord> recorded) implements Outcome {
            public Executed(StoredResponse response) {
                this(response, Optional.empty());
            }
        }

        record Replayed(StoredResponse response) implements Outcome {}

        /** A phased request's first phase had committed before: its resource as it stands now. */
        record Resumed(StoredResponse response) implements Outcome {}

        record KeyReusedWithAnotherRequest() implements Outcome {}

        record StillInProgress() implements Outcome {}

        /** The request's signature was already accepted with another key: nothing ran. */
        record SignatureReused() implements Outcome {}
    }

    /**
     * @param scope the tenant and the partner the key value belongs to
     * @param operation what the key is scoped to besides the scope, e.g. {@code public_invoices.create}
     * @param fingerprint what identifies the request, so equal requests match and others do not
     * @param signature the signature of a signed request, accepted once: kept with the claim, so it is
     *     taken only when the work commits and a request that rolled back may be sent again as it was
     * @param work run again from the start after a lock race, so it draws up its audit record itself
     *     and changes nothing outside the transaction
     */
    public Outcome execute(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            Optional<Signature> signature, Supplier<WorkAnswer> work) {
        return transactions.inTransactionOrRollback(Outcome.class, () -> {
            Claim claim = store.claim(scope, operation, key, fingerprint, signature, clock.instant());
            if (claim instanceof Claim.InProgress) {
                // The failed wait aborted the transaction; leave through a rollback.
                throw new Rollback(new Outcome.StillInProgress());
            }
            if (!(claim instanceof Claim.Claimed)) {
                return answered(claim);
            }
            WorkAnswer answer = work.get();
            StoredResponse response = answer.response();
            if (response.status() >= 400) {
                // Rolls back the claim (and any writes) of a request whose answer must not be replayed.
                throw new Rollback(new Outcome.Executed(response));
            }
            // Drawn up by this run: a run lost to a lock race took its own record with it.
            answer.audit().ifPresent(audit::recordWithWork);
            store.complete(scope, operation, key, response, clock.instant());
            return new Outcome.Executed(response, answer.audit());
        });
    }

    /**
     * Runs a request's work in atomic phases (see {@link PhasedWork}). Phase 1 claims the key and
     * records the resource with a recovery point, and commits; phase 2 runs outside any transaction;
     * phase 3 records its outcome and, when that outcome is final, the answer to replay, in a new
     * transaction that a lock race runs again alone. The same request again, once phase 1 committed
     * and until a final answer is stored, resumes: it answers the resource as it stands and runs
     * nothing. Unsigned requests only.
     */
    public Outcome executePhased(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            PhasedWork work) {
        FirstPhase first = transactions.inTransactionOrRollback(FirstPhase.class, () -> {
            Claim claim = store.claim(scope, operation, key, fingerprint, Optional.empty(), clock.instant());
            if (claim instanceof Claim.Resume resume) {
                return new FirstPhase.Answered(new Outcome.Resumed(work.resume(resume.point())));
            }
            if (claim instanceof Claim.InProgress) {
                throw new Rollback(new FirstPhase.Answered(new Outcome.StillInProgress()));
            }
            if (!(claim instanceof Claim.Claimed)) {
                return new FirstPhase.Answered(answered(claim));
            }
            RecoveryPoint point = work.start();
            store.recover(scope, operation, key, point);
            return new FirstPhase.Recorded(point);
        });
        if (first instanceof FirstPhase.Answered answered) {
            return answered.outcome();
        }
        Supplier<PhasedWork.PhaseAnswer> record = work.proceed(((FirstPhase.Recorded) first).point());
        return transactions.inTransaction(() -> {
            PhasedWork.PhaseAnswer answer = record.get();
            if (answer instanceof PhasedWork.PhaseAnswer.Settled) {
                store.complete(scope, operation, key, answer.response(), clock.instant());
            }
            return new Outcome.Executed(answer.response());
        });
    }

    /** Where phase 1 ended: with an answer to give at once, or with the resource recorded. */
    private sealed interface FirstPhase {
        record Answered(Outcome outcome) implements FirstPhase {}

        record Recorded(RecoveryPoint point) implements FirstPhase {}
    }

    /** The answer to a claim this request does not own, and does not wait for. */
    private static Outcome answered(Claim claim) {
        if (claim instanceof Claim.Replay replay) {
            return new Outcome.Replayed(replay.response());
        }
        if (claim instanceof Claim.Mismatch) {
            return new Outcome.KeyReusedWithAnotherRequest();
        }
        if (claim instanceof Claim.SignatureUsed) {
            return new Outcome.SignatureReused();
        }
        throw new IllegalStateException("only a phased request records a recovery point, and only it resumes: " + claim);
    }
}
