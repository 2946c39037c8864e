package dev.recaudo.persistence.idempotency;

import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceSettings;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;

/**
 * Forgets idempotency records after their retention ({@code recaudo.idempotency.retention-days},
 * 30 by default), in bounded batches, so the table does not grow without limit. A key reused after
 * that is a new request; documents created without {@code provider_id} keep their identity anyway.
 */
@ApplicationScoped
public class IdempotencyJanitor {

    private final NativeSql nativeSql;
    private final Clock clock;
    private final Duration retention;
    private final PersistenceSettings.Janitor batches;

    public IdempotencyJanitor(NativeSql nativeSql, Clock clock, PersistenceSettings settings) {
        this.nativeSql = nativeSql;
        this.clock = clock;
        this.retention = Duration.ofDays(settings.idempotency().retentionDays());
        this.batches = settings.janitor();
    }

    @Scheduled(every = "1h", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge() {
        for (int batch = 0; batch < batches.batchesPerRunMax(); batch++) {
            int removed = nativeSql.update("DELETE FROM idempotency_records WHERE ctid IN (SELECT ctid FROM idempotency_records"
                    + " WHERE created_at < ? LIMIT ?)", clock.instant().minus(retention), batches.batchSize());
            if (removed < batches.batchSize()) {
                return;
            }
        }
    }
}
