package dev.recaudo.domain.dispatch;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a target that keeps failing is paused, and for how long. After {@code failuresMax} failed
 * attempts in a row it is paused for {@code base}; each further pause in a row (a probe after the
 * pause failed too) lasts twice the one before, at most {@code cap}. Any success makes it healthy.
 * Failures of attempts that were already in flight when the pause began count, but do not lengthen
 * that pause: it is extended only by a failure seen after it ended.
 *
 * <p>With the production values (5 failures, 1 minute, 1 hour): paused for 1, 2, 4, 8, 16, 32 minutes,
 * then an hour each time, one probe after each pause.
 */
public record PausePolicy(int failuresMax, Duration base, Duration cap) {

    public PausePolicy {
        if (failuresMax < 1 || base.isNegative() || base.isZero() || cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("a pause follows at least one failure and lasts from base up to cap");
        }
    }

    /** The target's health after an attempt that ended at {@code now}, successful or not. */
    public TargetHealth after(TargetHealth health, boolean succeeded, Instant now) {
        if (succeeded) {
            return TargetHealth.HEALTHY;
        }
        int failures = health.consecutiveFailures() + 1;
        if (failures < failuresMax || health.pausedAt(now)) {
            return new TargetHealth(failures, health.pauses(), health.pausedUntil());
        }
        int pauses = health.pauses() + 1;
        return new TargetHealth(failures, pauses, Optional.of(now.plus(length(pauses))));
    }

    /** How long the n-th pause in a row lasts (n from 1). */
    public Duration length(int pause) {
        // 2^30 times any base is far past any cap; the shift stays within a long.
        long factor = 1L << Math.min(pause - 1, 30);
        long millis = base.toMillis() > cap.toMillis() / factor ? cap.toMillis() : base.toMillis() * factor;
        return Duration.ofMillis(Math.min(millis, cap.toMillis()));
    }
}
