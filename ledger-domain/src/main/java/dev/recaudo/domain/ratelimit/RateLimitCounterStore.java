package dev.recaudo.domain.ratelimit;

import java.time.Instant;

/**
 * Port: counters shared by every instance of the service. The increment must be atomic across
 * instances, so that two instances never both admit the request that crosses the limit.
 */
public interface RateLimitCounterStore {

    /** Adds one hit to the bucket's window and answers the hits in that window, this one included. */
    long increment(String bucket, Instant windowStart, Instant windowEnd);

    /** Forgets windows that ended before the given instant; answers how many were removed. */
    int purgeEndedBefore(Instant instant, int batchSize);
}
