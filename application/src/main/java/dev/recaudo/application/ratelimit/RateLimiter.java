package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Clock;
import java.time.Instant;

/**
 * Counts a request against a bucket's current window in the shared store and decides. Requests
 * over the limit are counted too, so a client hammering past its limit does not gain by it.
 */
public final class RateLimiter {

    private final RateLimitCounterStore store;
    private final Clock clock;

    public RateLimiter(RateLimitCounterStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public RateLimitDecision consume(String bucket, RateLimitPolicy policy) {
        Instant windowStart = policy.windowStart(clock.instant());
        long hits = store.increment(bucket, windowStart, windowStart.plus(policy.window()));
        return RateLimitDecision.of(policy, hits, windowStart);
    }
}
