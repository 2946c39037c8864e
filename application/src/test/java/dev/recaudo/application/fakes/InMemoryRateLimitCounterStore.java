package dev.recaudo.application.fakes;

import dev.recaudo.domain.ratelimit.LeasedHits;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One counter per bucket and window, in a map. Every method holds the store's monitor, as the
 * database serializes the writers of one counter, so that many threads may share it.
 */
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
    public synchronized Optional<LeasedHits> lease(String bucket, Instant windowStart, Instant windowEnd, int limit, int hits) {
        admissionsAsked++;
        Counter counter = counters.computeIfAbsent(new Window(bucket, windowStart), w -> new Counter(windowEnd));
        if (counter.hits >= limit) {
            return Optional.empty();
        }
        int granted = (int) Math.min(hits, limit - counter.hits);
        counter.hits += granted;
        return Optional.of(new LeasedHits(counter.hits, granted));
    }

    @Override
    public synchronized void release(String bucket, Instant windowStart) {
        Counter counter = counters.get(new Window(bucket, windowStart));
        if (counter != null && counter.hits > 0) {
            counter.hits--;
        }
    }

    @Override
    public synchronized void clear(String bucket, Instant windowStart) {
        counters.remove(new Window(bucket, windowStart));
    }

    @Override
    public synchronized int purgeEndedBefore(Instant instant, int batchSize) {
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
    public synchronized long hits(String bucket, Instant windowStart) {
        Counter counter = counters.get(new Window(bucket, windowStart));
        return counter == null ? 0 : counter.hits;
    }

    /** Counts another instance's requests: the hits it took from the window, as it would have. */
    public synchronized void take(String bucket, Instant windowStart, Instant windowEnd, long hits) {
        counters.computeIfAbsent(new Window(bucket, windowStart), w -> new Counter(windowEnd)).hits += hits;
    }

    /** How many times the store was asked, refusals included. */
    public synchronized int admissionsAsked() {
        return admissionsAsked;
    }

    public synchronized int windows() {
        return counters.size();
    }
}
