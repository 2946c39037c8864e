package dev.recaudo.domain.ratelimit;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Port: counters shared by every instance of the service. Admission must be atomic across
 * instances, so that two instances never both admit the request that crosses the limit, and a
 * lease of several hits is granted whole or in part but never beyond the limit.
 */
public interface RateLimitCounterStore {

    /**
     * Counts up to {@code hits} hits in the bucket's window at once, as many as fit under
     * {@code limit}, and answers which numbers were granted; answers empty, writing nothing, when the
     * window is already full. A refusal must not wait for other requests' writes to the same counter:
     * under a flood those are what is hot.
     */
    Optional<LeasedHits> lease(String bucket, Instant windowStart, Instant windowEnd, int limit, int hits);

    /**
     * Counts one hit in the bucket's window if it holds fewer than {@code limit}, and answers the hits
     * with this one; answers empty, writing nothing, when the window is already full.
     */
    default OptionalLong admit(String bucket, Instant windowStart, Instant windowEnd, int limit) {
        return lease(bucket, windowStart, windowEnd, limit, 1)
                .map(leased -> OptionalLong.of(leased.last()))
                .orElseGet(OptionalLong::empty);
    }

    /**
     * Gives back one hit counted in the bucket's window (never below zero): a request that was
     * counted before its outcome was known, and whose outcome does not count (a successful login).
     */
    void release(String bucket, Instant windowStart);

    /** Forgets every hit of the bucket's window. */
    void clear(String bucket, Instant windowStart);

    /** Forgets windows that ended before the given instant; answers how many were removed. */
    int purgeEndedBefore(Instant instant, int batchSize);
}
