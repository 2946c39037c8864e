package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitDecision;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this instance has seen refused: a name (a bucket, or a credential on one operation) whose
 * window was full, until that window ends. Only refusals are remembered, so the shared counter
 * stays the only judge of admissions and the limit holds exactly across instances; what is
 * remembered spares a flood's refusals every database round trip. Bounded: past {@code capacity}
 * names the ended windows are dropped, and if that is not enough, everything is forgotten, which
 * costs only round trips.
 */
public final class ExhaustedWindows {

    private final Map<String, RateLimitDecision> refusals = new ConcurrentHashMap<>();
    private final int capacity;

    public ExhaustedWindows(int capacity) {
        this.capacity = capacity;
    }

    /** The refusal remembered for the name, while its window lasts. */
    public Optional<RateLimitDecision> refusal(String name, Instant now) {
        RateLimitDecision refused = refusals.get(name);
        if (refused == null) {
            return Optional.empty();
        }
        if (!now.isBefore(refused.resetAt())) {
            refusals.remove(name, refused);
            return Optional.empty();
        }
        return Optional.of(refused);
    }

    /** Remembers a refusal until its window ends; an admission is never remembered. */
    public void remember(String name, RateLimitDecision decision, Instant now) {
        if (decision.allowed()) {
            return;
        }
        if (refusals.size() >= capacity) {
            refusals.values().removeIf(refused -> !now.isBefore(refused.resetAt()));
            if (refusals.size() >= capacity) {
                refusals.clear();
            }
        }
        refusals.put(name, decision);
    }
}
