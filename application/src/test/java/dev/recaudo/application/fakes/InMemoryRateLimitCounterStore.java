package dev.recaudo.application.fakes;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/** One counter per bucket and window, in a map. */
public final class InMemoryRateLimitCounterStore implements RateLimitCounterStore {

    private record Window(String bucket, Instant start) {}

    private static final class Counter {
        private final Instant end;
        private long hits;

        Counter(Instant end) {
            this.end = end;
        }
    }

    private final Map<Window, Counter> counters = new LinkedHashMap<>();
    private int admissionsAsked;

    @Override
    public OptionalLong admit(String bucket, Instant windowStart, Instant windowEnd, int limit) {
        admissionsAsked++;
        Counter counter = counters.computeIfAbsent(new Window(bucket, windowStart), w -> new Counter(windowEnd));
        if (counter.hits >= limit) {
            return OptionalLong.empty();
        }
        counter.hits++;
        return OptionalLong.of(counter.hits);
    }

    @Override
    public void release(String bucket, Instant windowStart) {
        Counter counter = counters.get(new Window(bucket, windowStart));
        if (counter != null && counter.hits > 0) {
            counter.hits--;
        }
    }

    @Override
    public void clear(String bucket, Instant windowStart) {
        counters.remove(new Window(bucket, windowStart));
    }

    @Override
    public int purgeEndedBefore(Instant instant, int batchSize) {
        int removed = 0;
        for (Iterator<Counter> it = counters.values().iterator(); it.hasNext() && removed < batchSize; ) {
            if (it.next().end.isBefore(instant)) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    /** Hits counted for the bucket in the window that starts at the given instant. */
    public long hits(String bucket, Instant windowStart) {
        Counter counter = counters.get(new Window(bucket, windowStart));
        return counter == null ? 0 : counter.hits;
    }

    /** How many times the store was asked, refusals included. */
    public int admissionsAsked() {
        return admissionsAsked;
    }

    public int windows() {
        return counters.size();
    }
}
