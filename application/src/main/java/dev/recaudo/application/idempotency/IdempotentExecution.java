package dev.recaudo.application.idempotency;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.IdempotencyStore.Claim;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
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
 */
public final class IdempotentExecution {

    private final IdempotencyStore store;
    private final Transactions transactions;
    private final Clock clock;

    public IdempotentExecution(IdempotencyStore store, Transactions transactions, Clock clock) {
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
    }

    public sealed interface Outcome {
        record Executed(StoredResponse response) implements Outcome {}

        record Replayed(StoredResponse response) implements Outcome {}

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
     */
    public Outcome execute(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            Optional<Signature> signature, Supplier<StoredResponse> work) {
        return transactions.inTransactionOrRollback(Outcome.class, () -> {
            Claim claim = store.claim(scope, operation, key, fingerprint, signature, clock.instant());
            if (claim instanceof Claim.Replay replay) {
                return new Outcome.Replayed(replay.response());
            }
            if (claim instanceof Claim.Mismatch) {
                return new Outcome.KeyReusedWithAnotherRequest();
            }
            if (claim instanceof Claim.SignatureUsed) {
                return new Outcome.SignatureReused();
            }
            if (claim instanceof Claim.InProgress) {
                // The failed wait aborted the transaction; leave through a rollback.
                throw new Rollback(new Outcome.StillInProgress());
            }
            StoredResponse response = work.get();
            if (response.status() >= 400) {
                // Rolls back the claim (and any writes) of a request whose answer must not be replayed.
                throw new Rollback(new Outcome.Executed(response));
            }
            store.complete(scope, operation, key, response, clock.instant());
            return new Outcome.Executed(response);
        });
    }
}
