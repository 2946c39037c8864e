package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitDecision;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this instance has seen refused: a name (a bucket: a key's, or a login's subject) whose
 * window was full, until that window ends. Only refusals are remembered, so the shared counter
 * stays the only judge of admissions and the limit holds exactly across instances; what is
 * remembered spares a flood's refusals every database round trip. Bounded: past {@code capacity}
 * names the ended windows are dropped, and if that is not enough, the oldest remembered refusals,
 * a quarter of the room at once so that the scan is paid once per many refusals. Forgetting costs
 * only a round trip, after which the refusal is remembered again as the newest.
 */
public final class ExhaustedWindows {

    private final Map<String, Remembered> refusals = new ConcurrentHashMap<>();
    private final AtomicLong order = new AtomicLong();
    private final int capacity;

    public ExhaustedWindows(int capacity) {
        this.capacity = capacity;
    }

    /** The refusal remembered for the name, while its window lasts. */
    public Optional<RateLimitDecision> refusal(String name, Instant now) {
        Remembered remembered = refusals.get(name);
        if (remembered == null) {
            return Optional.empty();
        }
        if (!now.isBefore(remembered.decision().resetAt())) {
            refusals.remove(name, remembered);
            return Optional.empty();
        }
        return Optional.of(remembered.decision());
    }

    /** Remembers a refusal until its window ends; an admission is never remembered. */
    public void remember(String name, RateLimitDecision decision, Instant now) {
        if (decision.allowed()) {
            return;
        }
        if (refusals.size() >= capacity) {
            makeRoom(now);
        }
        refusals.put(name, new Remembered(decision, order.incrementAndGet()));
    }

    /** Forgets the name's refusal, if any: its counter was cleared. */
    public void forget(String name) {
        refusals.remove(name);
    }

    /** One thread at a time, so that concurrent refusals do not each scan the whole memory. */
    private synchronized void makeRoom(Instant now) {
        if (refusals.size() < capacity) {
            return;
        }
        refusals.values().removeIf(remembered -> !now.isBefore(remembered.decision().resetAt()));
        int excess = refusals.size() - (capacity - Math.max(1, capacity / 4));
        if (excess <= 0) {
            return;
        }
        long[] orders = refusals.values().stream().mapToLong(Remembered::order).toArray();
        Arrays.sort(orders);
        long newestForgotten = orders[Math.min(excess, orders.length) - 1];
        refusals.values().removeIf(remembered -> remembered.order() <= newestForgotten);
    }

    private record Remembered(RateLimitDecision decision, long order) {}
}
