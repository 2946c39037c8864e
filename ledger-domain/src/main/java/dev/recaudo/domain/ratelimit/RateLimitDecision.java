package dev.recaudo.domain.ratelimit;

import java.time.Duration;
import java.time.Instant;

/**
 * The answer for one request: whether it may proceed, and the numbers the caller sees in the
 * {@code X-RateLimit-*} headers.
 */
public record RateLimitDecision(boolean allowed, int limit, int remaining, Instant resetAt) {

    public static RateLimitDecision of(RateLimitPolicy policy, long hitsInWindow, Instant windowStart) {
        long remaining = Math.max(0, policy.limit() - hitsInWindow);
        return new RateLimitDecision(
                hitsInWindow <= policy.limit(), policy.limit(), (int) remaining, windowStart.plus(policy.window()));
    }

    /** The answer for a window that already holds its limit. */
    public static RateLimitDecision refused(RateLimitPolicy policy, Instant windowStart) {
        return of(policy, policy.limit() + 1L, windowStart);
    }

    /** Whole seconds until the window resets, at least one, for {@code Retry-After}. */
    public long retryAfterSeconds(Instant now) {
        long nanos = Duration.between(now, resetAt).toNanos();
        return Math.max(1, Math.floorDiv(nanos, 1_000_000_000L) + (Math.floorMod(nanos, 1_000_000_000L) == 0 ? 0 : 1));
    }
}
