package dev.recaudo.persistence.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * One row per bucket and window, incremented by a single upsert: PostgreSQL serializes the two
 * writers of the same row, so every instance sees a distinct count and exactly {@code limit}
 * requests pass per window, however many instances share the database.
 */
@ApplicationScoped
public class PgRateLimitCounterStore implements RateLimitCounterStore {

    private final NativeSql nativeSql;

    public PgRateLimitCounterStore(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    @Override
    public long increment(String bucket, Instant windowStart, Instant windowEnd) {
        return nativeSql.queryOne(
                        "INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) VALUES (?, ?, ?, 1)"
                                + " ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 RETURNING c.hits",
                        row -> row.getLong(1),
                        bucket,
                        windowStart,
                        windowEnd)
                .orElseThrow();
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
