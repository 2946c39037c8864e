package dev.recaudo.domain.idempotency;

import java.time.Instant;

/**
 * Port: the one idempotency mechanism. A claim is a row guarded by a unique key per scope (tenant
 * and partner), operation and idempotency key, inserted inside the transaction that does the work: a concurrent
 * request with the same key waits on that row and then sees the completed answer, so the work
 * happens once. A claim waits only a bounded time; after it, the request is told the first one is
 * still in flight.
 */
public interface IdempotencyStore {

    Claim claim(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint, Instant now);

    /** Stores the answer of a claimed request, in the same transaction as its work. */
    void complete(IdempotencyScope scope, String operation, String key, StoredResponse response, Instant now);

    /** The answer to replay: status and body exactly as first sent. */
    record StoredResponse(int status, String body) {}

    sealed interface Claim {
        /** This request owns the key: do the work, then complete. */
        record Claimed() implements Claim {}

        /** The same request was answered before. */
        record Replay(StoredResponse response) implements Claim {}

        /** The key was used with a different request. */
        record Mismatch() implements Claim {}

        /** Another request with the key is still being processed. */
        record InProgress() implements Claim {}
    }
}
