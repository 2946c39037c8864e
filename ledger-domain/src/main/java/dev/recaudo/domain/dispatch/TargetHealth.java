package dev.recaudo.domain.dispatch;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a target (a webhook endpoint, a company's callback origin) has been answering lately: its
 * failed attempts in a row, how many times in a row it has been paused, and until when the current
 * pause lasts. A target that was paused and whose pause has ended is on probation: it gets one
 * attempt at a time until one succeeds ({@link #probing}).
 *
 * @param pausedUntil the end (excluded) of the last pause, kept after it ends until a success
 */
public record TargetHealth(int consecutiveFailures, int pauses, Optional<Instant> pausedUntil) {

    /** A target with no failure since its last success. */
    public static final TargetHealth HEALTHY = new TargetHealth(0, 0, Optional.empty());

    public TargetHealth {
        Objects.requireNonNull(pausedUntil, "pausedUntil");
        if (consecutiveFailures < 0 || pauses < 0 || (pauses > 0) != pausedUntil.isPresent()) {
            throw new IllegalArgumentException("counts are never negative and a target paused once has a pause end");
        }
    }

    /** Nothing may be sent to it at {@code now}. */
    public boolean pausedAt(Instant now) {
        return pausedUntil.filter(now::isBefore).isPresent();
    }

    /** Its pause is over but nothing has succeeded since: one attempt at a time decides whether it is back. */
    public boolean probing(Instant now) {
        return pauses > 0 && !pausedAt(now);
    }

    /** How many attempts may be in flight to it at {@code now}: none while paused, one while probing, else {@code normalMax}. */
    public int attemptsAllowed(Instant now, int normalMax) {
        if (pausedAt(now)) {
            return 0;
        }
        return probing(now) ? 1 : normalMax;
    }
}
