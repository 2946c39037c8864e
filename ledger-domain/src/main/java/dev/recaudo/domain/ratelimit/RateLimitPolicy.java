package dev.recaudo.domain.ratelimit;

import java.time.Duration;
import java.time.Instant;

/**
 * A fixed-window limit: at most {@code limit} requests per window, windows aligned to the Unix
 * epoch so that every instance agrees on where a window starts.
 */
public record RateLimitPolicy(int limit, Duration window) {

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

    public Instant windowStart(Instant now) {
        long windowSeconds = window.toSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(now.getEpochSecond(), windowSeconds) * windowSeconds);
    }
}
