package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Counts a request against a bucket's current window in the shared store and decides. A key's
 * request is admitted from hits this instance leased from the store a few at a time
 * ({@link WindowLeases}), so most admissions cost no round trip; every hit was granted by the store
 * under the limit, so the limit is never passed however many instances share it, and on one
 * instance it is exact. The price: hits one instance leased and did not use are lost to the others
 * until the window ends, at most {@link RateLimitPolicy#leaseHits()} per other instance. Subjects
 * counted before anyone is authenticated (a login) are counted one request at a time, because their
 * hits are given back and cleared one by one. A refusal is cheap: the store writes nothing for it,
 * and once this instance has seen a bucket's window full it refuses that bucket without the store
 * until the window ends. Buckets are named after who is counted (a key, once it is looked up), never
 * after the credential presented, so that what is remembered never answers for a key before the key
 * itself is checked.
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

    /** Buckets whose leases are held at once; beyond it, unused hits of the dropped leases are lost. */
    static final int LEASED_BUCKETS = 100_000;

    private final RateLimitCounterStore store;
    private final Clock clock;
    private final ExhaustedWindows exhausted = new ExhaustedWindows(REMEMBERED_REFUSALS);
    private final ExhaustedWindows exhaustedUnauthenticated = new ExhaustedWindows(REMEMBERED_UNAUTHENTICATED_REFUSALS);
    private final WindowLeases leases = new WindowLeases(LEASED_BUCKETS);

    public RateLimiter(RateLimitCounterStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Counts a request of an authenticated key against one of its buckets, from this instance's lease. */
    public RateLimitDecision consume(String bucket, RateLimitPolicy policy) {
        Instant now = clock.instant();
        Optional<RateLimitDecision> known = exhausted.refusal(bucket, now);
        if (known.isPresent()) {
            return known.get();
        }
        Instant windowStart = policy.windowStart(now);
        Instant windowEnd = windowStart.plus(policy.window());
        OptionalLong hit = leases.of(bucket, now).take(new WindowLeases.Window(windowStart, windowEnd, policy.limit()),
                policy.leaseHits(), hits -> store.lease(bucket, windowStart, windowEnd, policy.limit(), hits));
        return decide(bucket, policy, windowStart, hit, exhausted, now);
    }

    /**
     * Counts a request against a subject that the caller names before anyone is authenticated (the
     * e-mail address of a login), whose refusals are remembered apart from the keys'. Each request
     * is counted in the store on its own, without a lease: its hit may be given back or cleared
     * ({@link #releaseUnauthenticated}, {@link #clearUnauthenticated}), which needs the exact count
     * in the store, and a login is not a hot path.
     */
    public RateLimitDecision consumeUnauthenticated(String subject, RateLimitPolicy policy) {
        Instant now = clock.instant();
        Optional<RateLimitDecision> known = exhaustedUnauthenticated.refusal(subject, now);
        if (known.isPresent()) {
            return known.get();
        }
        Instant windowStart = policy.windowStart(now);
        OptionalLong hit = store.admit(subject, windowStart, windowStart.plus(policy.window()), policy.limit());
        return decide(subject, policy, windowStart, hit, exhaustedUnauthenticated, now);
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

    private static RateLimitDecision decide(String bucket, RateLimitPolicy policy, Instant windowStart, OptionalLong hit,
            ExhaustedWindows memory, Instant now) {
        RateLimitDecision decision = hit.isPresent()
                ? RateLimitDecision.of(policy, hit.getAsLong(), windowStart)
                : RateLimitDecision.refused(policy, windowStart);
        memory.remember(bucket, decision, now);
        return decision;
    }
}
