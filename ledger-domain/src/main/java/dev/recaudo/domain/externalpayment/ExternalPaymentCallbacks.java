package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.TargetHealth;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: the callbacks of completed external payments, an outbox of its own because its rule differs
 * from the lifecycle webhooks' (one attempt, never retried, never sent twice). Claims are fair and
 * capped as the webhooks' are, per company and per callback origin (scheme, host and port, of that
 * company: {@link DueCallback#target}), and an origin that keeps failing is paused.
 */
public interface ExternalPaymentCallbacks {

    /** Queues the callback in the caller's transaction: it exists if and only if the completion commits. */
    void queue(CallbackRequest request);

    /** The attempts made for each of the payments (at most one each today), keyed by external payment id. */
    Map<UUID, List<CallbackAttempt>> attemptsOf(TenantScope scope, Collection<UUID> externalPaymentIds);

    /**
     * Makes the claims of one lane take turns across instances, as the webhooks' do
     * ({@link dev.recaudo.domain.webhook.DeliveryClaims#serializeClaims}); held until the transaction ends.
     */
    void serializeClaims(KeyEnvironment lane);

    /**
     * What a claim of the lane may choose from at {@code now}: each origin's oldest queued callbacks,
     * up to {@code perOriginMax}, or up to {@code pausedMax} of a paused origin (they are to be
     * recorded as not sent); the callbacks in flight (attempting under an unexpired lease) per origin
     * and per company; and each origin's health.
     */
    Candidates candidates(KeyEnvironment lane, Instant now, int perOriginMax, int pausedMax);

    /**
     * Marks the chosen queued callbacks {@code ATTEMPTING} at {@code now} until {@code now + lease},
     * skipping those no longer queued or that another transaction holds. The caller commits this mark
     * before it sends, so a callback is never sent twice.
     */
    List<DueCallback> claim(List<UUID> callbackIds, Instant now, Duration lease);

    /**
     * Records the chosen queued callbacks as attempted at {@code now} and {@code FAILED} with
     * {@code error}, without sending them (their origin is paused): their one attempt, never retried.
     */
    void failUnsent(List<UUID> callbackIds, String error, Instant now);

    /**
     * Records how the attempt ended, {@code DELIVERED} or {@code FAILED}; also over an
     * {@code UNKNOWN} that a late result makes known.
     */
    void recordResult(UUID callbackId, CallbackResult result, Optional<Integer> statusCode, Optional<String> error,
            long durationMillis, Instant now);

    /** Marks {@code UNKNOWN} every attempt whose lease ended before {@code now} without a result; returns how many. */
    int expireUnanswered(Instant now);

    /**
     * The health of the scope's origin, its record locked until the transaction ends (created
     * healthy if it had none, so that two failures recorded at once both count).
     */
    TargetHealth lockHealth(TenantScope scope, String origin);

    /** Stores a locked origin's health; a healthy origin keeps no record. */
    void storeHealth(TenantScope scope, String origin, TargetHealth health, Instant now);

    /** A callback claimed for its attempt: what sending needs, and the origin its caps and pause count by. */
    record DueCallback(UUID id, TenantScope scope, String origin, String url, String body, Instant attemptedAt) {

        /** The company's origin, as caps and pauses count it. */
        public DispatchTarget target() {
            return new DispatchTarget(scope.companyId(), origin);
        }
    }
}
