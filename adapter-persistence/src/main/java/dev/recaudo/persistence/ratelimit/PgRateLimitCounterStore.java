package dev.recaudo.persistence.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * One row per bucket and window, counted by a single conditional upsert: PostgreSQL serializes the
 * writers of the same row, so every instance sees a distinct count and exactly {@code limit}
 * requests pass per window, however many instances share the database. A full window is seen in
 * the statement's snapshot first ({@code NOT EXISTS}), so its refusals insert nothing, lock nothing
 * and wait for no writer; the {@code WHERE} of the update refuses the few that raced past the
 * snapshot while the last admissions committed.
 */
@ApplicationScoped
@StoreFailures
public class PgRateLimitCounterStore implements RateLimitCounterStore {

    private final NativeSql nativeSql;

    public PgRateLimitCounterStore(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    @Override
    public OptionalLong admit(String bucket, Instant windowStart, Instant windowEnd, int limit) {
        return nativeSql.queryOne(
                        "INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits)"
                                + " SELECT ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM rate_limit_counters"
                                + " WHERE bucket = ? AND window_start = ? AND hits >= ?)"
                                + " ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1"
                                + " WHERE c.hits < ? RETURNING c.hits",
                        row -> row.getLong(1),
                        bucket,
                        windowStart,
                        windowEnd,
                        bucket,
                        windowStart,
                        limit,
                        limit)
                .map(OptionalLong::of)
                .orElseGet(OptionalLong::empty);
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
