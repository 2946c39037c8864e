package dev.recaudo.persistence.janitor;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.persistence.admin.PgConsoleSessions;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceSettings;
import dev.recaudo.persistence.idempotency.PgIdempotencyStore;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Purges rows no request needs any more, so their tables do not grow without limit: idempotency
 * records after their retention ({@code recaudo.idempotency.retention-days}, 30 by default; a key
 * reused after that is a new request, and documents created without {@code provider_id} keep their
 * identity anyway), and rate-limit counters of windows that ended a while ago, so that table stays
 * the size of the last few minutes' traffic; console sessions a day after their end (signed out
 * or run out); and the records kept for a configured number of days
 * ({@code recaudo.retention.*}, {@link RetainedRecords}). Any instance may run a purge; deleting twice
 * is harmless, and the retention purges skip rows another instance is deleting.
 */
@ApplicationScoped
public class ExpiredRowsJanitor {

    /** How long a counter outlives its window, so a request at the window's edge still finds it. */
    private static final Duration COUNTER_GRACE = Duration.ofMinutes(5);
    /** How long a session's row outlives its end, for the support case about a sign-in a moment ago. */
    private static final Duration SESSION_GRACE = Duration.ofDays(1);

    private final PgIdempotencyStore idempotencyRecords;
    private final RateLimitCounterStore rateLimitCounters;
    private final Clock clock;
    private final Duration retention;
    private final PersistenceSettings.Janitor batches;
    private final PersistenceSettings.Retention retainedRecords;
    private final NativeSql nativeSql;
    private final PgConsoleSessions consoleSessions;

    ExpiredRowsJanitor(PgIdempotencyStore idempotencyRecords, RateLimitCounterStore rateLimitCounters, Clock clock,
            PersistenceSettings settings, NativeSql nativeSql, PgConsoleSessions consoleSessions) {
        this.idempotencyRecords = idempotencyRecords;
        this.rateLimitCounters = rateLimitCounters;
        this.consoleSessions = consoleSessions;
        this.clock = clock;
        this.retention = Duration.ofDays(settings.idempotency().retentionDays());
        this.batches = settings.janitor();
        this.retainedRecords = settings.retention();
        this.nativeSql = nativeSql;
    }

    @Scheduled(every = "1h", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgeIdempotencyRecords() {
        inBatches(batches, batchSize -> idempotencyRecords.purgeCreatedBefore(clock.instant().minus(retention), batchSize));
    }

    @Scheduled(every = "60s", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgeRateLimitCounters() {
        inBatches(batches, batchSize -> rateLimitCounters.purgeEndedBefore(clock.instant().minus(COUNTER_GRACE), batchSize));
    }

    @Scheduled(every = "1h", delayed = "15m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgeConsoleSessions() {
        inBatches(batches, batchSize -> consoleSessions.purgeEndedBefore(clock.instant().minus(SESSION_GRACE), batchSize));
    }

    /**
     * Deletes the records past their retention, kind by kind, each within the run's batch bounds;
     * scheduled hourly, and called by the tests of the retention.
     */
    @Scheduled(every = "1h", delayed = "10m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void purgePastRetention() {
        cutoffs(retainedRecords, clock.instant()).forEach((records, cutoff) ->
                inBatches(batches, batchSize -> records.purge(nativeSql, cutoff, batchSize)));
    }

    /** The records to purge now, in purge order, each with the instant before which they go; a kind kept forever is absent. */
    static Map<RetainedRecords, Instant> cutoffs(PersistenceSettings.Retention retention, Instant now) {
        Map<RetainedRecords, Instant> cutoffs = new EnumMap<>(RetainedRecords.class);
        for (RetainedRecords records : RetainedRecords.values()) {
            int days = records.retentionDays(retention);
            if (days > 0) {
                cutoffs.put(records, now.minus(Duration.ofDays(days)));
            }
        }
        return cutoffs;
    }

    /** Runs {@code purge} (rows removed, given a batch size) until a batch comes back short, at most the configured batches a run. */
    static void inBatches(PersistenceSettings.Janitor batches, IntUnaryOperator purge) {
        for (int batch = 0; batch < batches.batchesPerRunMax(); batch++) {
            if (purge.applyAsInt(batches.batchSize()) < batches.batchSize()) {
                return;
            }
        }
    }
}
