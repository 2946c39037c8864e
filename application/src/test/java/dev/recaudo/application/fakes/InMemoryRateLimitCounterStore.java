package dev.recaudo.application.fakes;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

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

    @Override
    public long increment(String bucket, Instant windowStart, Instant windowEnd) {
        Counter counter = counters.computeIfAbsent(new Window(bucket, windowStart), w -> new Counter(windowEnd));
        counter.hits++;
        return counter.hits;
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

    public int windows() {
        return counters.size();
    }
}
