package dev.recaudo.battery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a test sent and when each item arrived at its receiver: the time from the start of the
 * request that caused it to its arrival, per item, and the quantiles of those times.
 */
public final class Latencies {

    private final String name;
    private final Map<String, Instant> sentAt = new ConcurrentHashMap<>();

    public Latencies(String name) {
        this.name = name;
    }

    /** The request that causes {@code item} (its id) started at {@code startedAt}. */
    public void sent(String item, Instant startedAt) {
        sentAt.put(item, startedAt);
    }

    public int size() {
        return sentAt.size();
    }

    /** The items that arrived, by {@code arrivals} (item id to first arrival), with their latency. */
    public Measured measure(Map<String, Instant> arrivals) {
        List<Duration> times = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        sentAt.forEach((item, started) -> Optional.ofNullable(arrivals.get(item)).ifPresentOrElse(
                arrived -> times.add(Duration.between(started, arrived)), () -> missing.add(item)));
        times.sort(null);
        return new Measured(name, sentAt.size(), List.copyOf(times), List.copyOf(missing));
    }

    /** The latencies of one kind of item, sorted, and the items that never arrived. */
    public record Measured(String name, int sent, List<Duration> times, List<String> missing) {

        /** The {@code q} quantile (0 to 1) of the arrived items, nearest rank. */
        public Duration quantile(double q) {
            if (times.isEmpty()) {
                return Duration.ZERO;
            }
            int rank = (int) Math.ceil(q * times.size());
            return times.get(Math.max(0, Math.min(times.size(), rank) - 1));
        }

        public Duration max() {
            return quantile(1);
        }

        @Override
        public String toString() {
            return String.format("%s: %d of %d arrived, p50 %d ms, p99 %d ms, max %d ms", name, times.size(), sent,
                    quantile(0.5).toMillis(), quantile(0.99).toMillis(), max().toMillis());
        }
    }

    /** All of them together. */
    public static Measured together(String name, List<Measured> parts) {
        List<Duration> times = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        int sent = 0;
        for (Measured part : parts) {
            times.addAll(part.times());
            missing.addAll(part.missing());
            sent += part.sent();
        }
        times.sort(null);
        return new Measured(name, sent, List.copyOf(times), List.copyOf(missing));
    }
}
