package dev.recaudo.persistence.ratelimit;

import dev.recaudo.domain.ratelimit.LeasedHits;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Optional;

/**
 * One row per bucket and window, counted by a single conditional upsert that adds a lease of one or
 * more hits, as many as fit under the limit: PostgreSQL serializes the writers of the same row, so
 * every lease is a distinct range of the count and at most {@code limit} hits are granted per
 * window, however many instances share the database. The {@code SET} reads the row as it was, so
 * {@code granted} records how many this statement added, which {@code RETURNING} (seeing only the
 * new row) could not tell otherwise at the limit. A full window is seen in the statement's snapshot
 * first ({@code NOT EXISTS}), so its refusals insert nothing, lock nothing and wait for no writer;
 * the {@code WHERE} of the update refuses the few that raced past the snapshot while the last
 * leases committed.
 */
@ApplicationScoped
@StoreFailures
public class PgRateLimitCounterStore implements RateLimitCounterStore {

    private final NativeSql nativeSql;

    public PgRateLimitCounterStore(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    @Override
    public Optional<LeasedHits> lease(String bucket, Instant windowStart, Instant windowEnd, int limit, int hits) {
        int asked = Math.min(hits, limit);
        return nativeSql.queryOne(
                "INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits, granted)"
                        + " SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM rate_limit_counters"
                        + " WHERE bucket = ? AND window_start = ? AND hits >= ?)"
                        + " ON CONFLICT (bucket, window_start) DO UPDATE"
                        + " SET hits = LEAST(c.hits + EXCLUDED.granted, ?), granted = LEAST(EXCLUDED.granted, ? - c.hits)"
                        + " WHERE c.hits < ? RETURNING c.hits, c.granted",
                row -> new LeasedHits(row.getLong(1), row.getInt(2)),
                bucket,
                windowStart,
                windowEnd,
                asked,
                asked,
                bucket,
                windowStart,
                limit,
                limit,
                limit,
                limit);
    }

    @Override
    public void release(String bucket, Instant windowStart) {
        nativeSql.update("UPDATE rate_limit_counters SET hits = hits - 1 WHERE bucket = ? AND window_start = ? AND hits > 0",
                bucket, windowStart);
    }

    @Override
    public void clear(String bucket, Instant windowStart) {
        nativeSql.update("DELETE FROM rate_limit_counters WHERE bucket = ? AND window_start = ?", bucket, windowStart);
    }

    @Override
    public int purgeEndedBefore(Instant instant, int batchSize) {
        return nativeSql.update(
                "DELETE FROM rate_limit_counters WHERE ctid IN"
                        + " (SELECT ctid FROM rate_limit_counters WHERE window_end < ? LIMIT ?)",
                instant,
                batchSize);
    }
}
