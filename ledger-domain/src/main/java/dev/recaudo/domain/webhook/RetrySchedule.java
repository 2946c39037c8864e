package dev.recaudo.domain.webhook;

import java.time.Duration;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When to try a failed delivery again: exponential backoff, {@code base * 3^(n-1)} after the n-th
 * failure, capped, moved at random by up to {@code jitter} (a fraction, 0.2 in production) either
 * way so that endpoints coming back from an outage are not hit by every instance at once. After
 * {@code attemptsMax} attempts the delivery is dead (empty answer).
 *
 * <p>With the production base of 10 s: 10 s, 30 s, 1.5 min, 4.5 min, 13.5 min, 40.5 min, 2 h, then dead
 * after the 8th attempt.
 */
public record RetrySchedule(Duration base, Duration cap, int attemptsMax, double jitter) {

    public RetrySchedule {
        if (base.isNegative() || base.isZero() || attemptsMax < 1 || jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("base must be positive, attemptsMax at least 1 and jitter in [0, 1)");
        }
    }

    /** The pause after the given number of failed attempts, or empty when no attempt is left. */
    public Optional<Duration> delayAfter(int failedAttempts, DoubleSupplier random) {
        if (failedAttempts >= attemptsMax) {
            return Optional.empty();
        }
        double exponential = base.toMillis() * Math.pow(3, failedAttempts - 1);
        double capped = Math.min(exponential, cap.toMillis());
        double jittered = capped * (1 - jitter + 2 * jitter * random.getAsDouble());
        return Optional.of(Duration.ofMillis(Math.max(1, Math.round(jittered))));
    }
}
