package dev.recaudo.domain.idempotency;

import java.time.Instant;
import java.util.Optional;

/**
 * Port: the one idempotency mechanism. A claim is a row guarded by a unique key per scope (tenant
 * and partner), operation and idempotency key, inserted inside the transaction that does the work: a concurrent
 * request with the same key waits on that row and then sees the completed answer, so the work
 * happens once. A claim waits only a bounded time; after it, the request is told the first one is
 * still in flight. A signed request's claim also holds its signature, unique within the company, so
 * the signature is accepted once and only when the request's work commits. A request that runs in
 * phases commits its claim with a {@link RecoveryPoint} before its final answer exists; a retry
 * then resumes from that point instead of waiting for an answer.
 */
public interface IdempotencyStore {

    /**
     * @param signature the signature the request carried, when its family signs requests: a claim
     *     whose signature another claim holds under another key is {@link Claim.SignatureUsed}
     */
    Claim claim(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            Optional<Signature> signature, Instant now);

    /** Stores the answer of a claimed request, in the same transaction as its work. */
    void complete(IdempotencyScope scope, String operation, String key, StoredResponse response, Instant now);

    /**
     * Records, in the claim's transaction, the step a phased request committed: until it is
     * completed, a claim of the same request is {@link Claim.Resume}.
     */
    void recover(IdempotencyScope scope, String operation, String key, RecoveryPoint point);

    /** The answer to replay: status and body exactly as first sent. */
    record StoredResponse(int status, String body) {}

    sealed interface Claim {
        /** This request owns the key: do the work, then complete. */
        record Claimed() implements Claim {}

        /** The same request was answered before. */
        record Replay(StoredResponse response) implements Claim {}

        /** The key was used with a different request. */
        record Mismatch() implements Claim {}

        /**
         * The same request committed its first phase and has no final answer yet: answer the
         * resource as it stands, and run nothing again.
         */
        record Resume(RecoveryPoint point) implements Claim {}

        /** Another request with the key is still being processed. */
        record InProgress() implements Claim {}

        /** The key is new, but the request's signature was accepted with another key: the same signed bytes resent. */
        record SignatureUsed() implements Claim {}
    }
}
