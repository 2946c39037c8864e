package dev.recaudo.application.ratelimit;

import dev.recaudo.domain.ratelimit.LeasedHits;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

/**
 * The hits this instance holds of each bucket's current window, leased from the shared counter a
 * few at a time ({@link dev.recaudo.domain.ratelimit.RateLimitPolicy#leaseHits()}), so that most
 * admissions cost no round trip. Every hit handed out was granted by the store under the limit, and
 * each is handed out once: the limit holds across instances, and what one instance leased and did
 * not use is lost to the others until the window ends. Bounded like {@link ExhaustedWindows}: past
 * {@code capacity} buckets the leases of ended windows are dropped, then the least recently used, a
 * quarter of the room at once, so that a busy bucket's lease is the last to go. A dropped lease's
 * unused hits are lost until its window ends.
 */
final class WindowLeases {

    private final Map<String, Lease> leases = new ConcurrentHashMap<>();
    private final AtomicLong order = new AtomicLong();
    private final int capacity;

    WindowLeases(int capacity) {
        this.capacity = capacity;
    }

    /** The bucket's lease, empty until a request fills it. */
    Lease of(String bucket, Instant now) {
        Lease lease = leases.get(bucket);
        if (lease != null) {
            return lease;
        }
        if (leases.size() >= capacity) {
            makeRoom(now);
        }
        return leases.computeIfAbsent(bucket, name -> new Lease());
    }

    int size() {
        return leases.size();
    }

    /** One thread at a time, so that concurrent new buckets do not each scan the whole memory. */
    private synchronized void makeRoom(Instant now) {
        if (leases.size() < capacity) {
            return;
        }
        leases.values().removeIf(lease -> lease.endedBy(now));
        int excess = leases.size() - (capacity - Math.max(1, capacity / 4));
        if (excess <= 0) {
            return;
        }
        long[] orders = leases.values().stream().mapToLong(Lease::order).toArray();
        Arrays.sort(orders);
        long newestDropped = orders[Math.min(excess, orders.length) - 1];
        leases.values().removeIf(lease -> lease.order() <= newestDropped);
    }

    /** A window of a bucket as one request sees it: where it starts and ends, and its limit. */
    record Window(Instant start, Instant end, int limit) {}

    /**
     * One bucket's leased hits: the numbers {@code next} to {@code last} of one window's counter, under
     * one limit (a key whose limit changes leases again under the new one). Hits are handed out under
     * the object's monitor, never holding it across a round trip; a new lease is fetched under
     * {@code fetching}, so that one request at a time asks the store and the others wait for what it
     * brings instead of each asking for a lease of its own.
     */
    final class Lease {

        private final ReentrantLock fetching = new ReentrantLock();
        private Window window = new Window(Instant.MIN, Instant.MIN, 0);
        private long next = 1;
        private long last;
        private boolean refused;
        /** When the lease was last filled or taken from, in the memory's order. */
        private volatile long order;

        /**
         * A hit number for one request, leasing {@code leaseHits} more through {@code fetch} when
         * none is left; empty when the store refused, which is then answered to every request of
         * the window without asking again.
         */
        OptionalLong take(Window requested, int leaseHits, IntFunction<Optional<LeasedHits>> fetch) {
            Optional<OptionalLong> held = held(requested);
            if (held.isPresent()) {
                return held.get();
            }
            if (holdsLaterThan(requested)) {
                // The request read the clock just before its window ended and another has already
                // leased the next one: it takes one hit of its own, and the newer lease is kept.
                return first(fetch.apply(1));
            }
            fetching.lock();
            try {
                held = held(requested);
                if (held.isPresent()) {
                    return held.get();
                }
                return fill(requested, fetch.apply(leaseHits));
            } finally {
                fetching.unlock();
            }
        }

        /** A hit of the held lease, or the refusal it remembers; empty when a lease must be fetched. */
        private synchronized Optional<OptionalLong> held(Window requested) {
            if (!window.equals(requested)) {
                return Optional.empty();
            }
            if (refused) {
                return Optional.of(OptionalLong.empty());
            }
            if (next > last) {
                return Optional.empty();
            }
            order = WindowLeases.this.order.incrementAndGet();
            return Optional.of(OptionalLong.of(next++));
        }

        private synchronized boolean holdsLaterThan(Window requested) {
            return window.start().isAfter(requested.start());
        }

        /** Replaces an exhausted lease with the fetched one, and takes its first hit. */
        private synchronized OptionalLong fill(Window requested, Optional<LeasedHits> leased) {
            window = requested;
            refused = leased.isEmpty();
            next = leased.map(LeasedHits::first).orElse(1L);
            last = leased.map(LeasedHits::last).orElse(0L);
            order = WindowLeases.this.order.incrementAndGet();
            return refused ? OptionalLong.empty() : OptionalLong.of(next++);
        }

        private synchronized boolean endedBy(Instant now) {
            return !now.isBefore(window.end());
        }

        private long order() {
            return order;
        }
    }

    private static OptionalLong first(Optional<LeasedHits> leased) {
        return leased.map(hits -> OptionalLong.of(hits.first())).orElseGet(OptionalLong::empty);
    }
}
