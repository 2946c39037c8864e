package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: the callbacks of completed external payments, an outbox of its own because its rule differs
 * from the lifecycle webhooks' (one attempt, never retried, never sent twice).
 */
public interface ExternalPaymentCallbacks {

    /** Queues the callback in the caller's transaction: it exists if and only if the completion commits. */
    void queue(CallbackRequest request);

    /** The attempts made for each of the payments (at most one each today), keyed by external payment id. */
    Map<UUID, List<CallbackAttempt>> attemptsOf(TenantScope scope, Collection<UUID> externalPaymentIds);

    /**
     * Takes the oldest queued callback, skipping those another instance is taking, and marks it
     * {@code ATTEMPTING} at {@code now} until {@code now + lease}. The caller commits this mark
     * before it sends; one at a time, so no claimed callback waits behind another's attempt and
     * outlives its lease unsent.
     */
    Optional<DueCallback> claimNext(Instant now, Duration lease);

    /**
     * Records how the attempt ended, {@code DELIVERED} or {@code FAILED}; also over an
     * {@code UNKNOWN} that a late result makes known.
     */
    void recordResult(UUID callbackId, CallbackResult result, Optional<Integer> statusCode, Optional<String> error,
            long durationMillis, Instant now);

    /** Marks {@code UNKNOWN} every attempt whose lease ended before {@code now} without a result; returns how many. */
    int expireUnanswered(Instant now);

    /** A callback claimed for its attempt: what sending needs. */
    record DueCallback(UUID id, CompanyId companyId, String url, String body, Instant attemptedAt) {}
}
