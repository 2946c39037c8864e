package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Counts a request against a bucket's current window in the shared store and decides. A refusal is
 * cheap: the store writes nothing for it, and once this instance has seen a bucket's window full it
 * refuses that bucket without the store until the window ends. Admissions are decided by the store
 * alone, so the limit is exact however many instances share it. Buckets are named after who is
 * counted (a key, once it is looked up), never after the credential presented, so that what is
 * remembered never answers for a key before the key itself is checked.
 */
public final class RateLimiter {

    /** Refusals remembered at once; a flood of distinct full buckets beyond it only costs round trips. */
    static final int REMEMBERED_REFUSALS = 100_000;

    /**
     * Refusals of unauthenticated subjects remembered at once. They have their own memory because
     * anyone can make such subjects up (a login under invented e-mail addresses), and a flood of
     * them must not push out the refusals of real keys.
     */
    static final int REMEMBERED_UNAUTHENTICATED_REFUSALS = 20_000;

    private final RateLimitCounterStore store;
    private final Clock clock;
    private final ExhaustedWindows exhausted = new ExhaustedWindows(REMEMBERED_REFUSALS);
    private final ExhaustedWindows exhaustedUnauthenticated = new ExhaustedWindows(REMEMBERED_UNAUTHENTICATED_REFUSALS);

    public RateLimiter(RateLimitCounterStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Counts a request of an authenticated key against one of its buckets. */
    public RateLimitDecision consume(String bucket, RateLimitPolicy policy) {
        return consume(bucket, policy, exhausted);
    }

    /**
     * Counts a request against a subject that the caller names before anyone is authenticated (the
     * e-mail address of a login), whose refusals are remembered apart from the keys'.
     */
    public RateLimitDecision consumeUnauthenticated(String subject, RateLimitPolicy policy) {
        return consume(subject, policy, exhaustedUnauthenticated);
    }

    /**
     * Gives back the hit an admitted request of an unauthenticated subject took, once its outcome
     * turns out not to count: in the window it was counted in, which may have ended meanwhile.
     */
    public void releaseUnauthenticated(String subject, RateLimitPolicy policy, RateLimitDecision admitted) {
        store.release(subject, admitted.resetAt().minus(policy.window()));
    }

    /** Forgets the current window's hits of an unauthenticated subject, on every instance. */
    public void clearUnauthenticated(String subject, RateLimitPolicy policy) {
        Instant now = clock.instant();
        store.clear(subject, policy.windowStart(now));
        exhaustedUnauthenticated.forget(subject);
    }

    private RateLimitDecision consume(String bucket, RateLimitPolicy policy, ExhaustedWindows memory) {
        Instant now = clock.instant();
        Optional<RateLimitDecision> known = memory.refusal(bucket, now);
        if (known.isPresent()) {
            return known.get();
        }
        Instant windowStart = policy.windowStart(now);
        OptionalLong hits = store.admit(bucket, windowStart, windowStart.plus(policy.window()), policy.limit());
        RateLimitDecision decision = hits.isPresent()
                ? RateLimitDecision.of(policy, hits.getAsLong(), windowStart)
                : RateLimitDecision.refused(policy, windowStart);
        memory.remember(bucket, decision, now);
        return decision;
    }
}
