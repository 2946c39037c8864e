package dev.recaudo.domain.ratelimit;

import java.time.Duration;
import java.time.Instant;

/**
 * A fixed-window limit: at most {@code limit} requests per window, windows aligned to the Unix
 * epoch so that every instance agrees on where a window starts.
 */
public record RateLimitPolicy(int limit, Duration window) {

    /**
     * An instance leases at most one twentieth of a window's limit at once: hits it leased and does
     * not use are lost to the other instances until the window ends, so with two instances a bucket
     * is never refused before 95% of its limit was admitted.
     */
    static final int LEASE_SHARE = 20;

    public RateLimitPolicy {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        if (window.toSeconds() < 1) {
            throw new IllegalArgumentException("window must be at least one second");
        }
    }

    public static RateLimitPolicy perMinute(int limit) {
        return new RateLimitPolicy(limit, Duration.ofMinutes(1));
    }

    /**
     * The hits an instance takes from the shared counter at once, at least one: a limit under
     * {@code LEASE_SHARE} times two is counted one request at a time, exactly as before leases.
     */
    public int leaseHits() {
        return Math.max(1, limit / LEASE_SHARE);
    }

    public Instant windowStart(Instant now) {
        long windowSeconds = window.toSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(now.getEpochSecond(), windowSeconds) * windowSeconds);
    }
}
