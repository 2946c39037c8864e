package dev.recaudo.persistence.idempotency;

import dev.recaudo.persistence.common.Jdbc;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Forgets idempotency records after their retention ({@code recaudo.idempotency.retention-days},
 * 30 by default), in bounded batches, so the table does not grow without limit. A key reused after
 * that is a new request; documents created without {@code provider_id} keep their identity anyway.
 */
@ApplicationScoped
public class IdempotencyJanitor {

    static final int BATCH_SIZE = 5_000;
    static final int BATCHES_PER_RUN_MAX = 20;

    private final Jdbc jdbc;
    private final Clock clock;
    private final Duration retention;

    public IdempotencyJanitor(Jdbc jdbc, Clock clock,
            @ConfigProperty(name = "recaudo.idempotency.retention-days", defaultValue = "30")
            long retentionDays) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.retention = Duration.ofDays(retentionDays);
    }

    @Scheduled(every = "1h", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge() {
        for (int batch = 0; batch < BATCHES_PER_RUN_MAX; batch++) {
            int removed = jdbc.update("DELETE FROM idempotency_records WHERE ctid IN (SELECT ctid FROM idempotency_records"
                    + " WHERE created_at < ? LIMIT ?)", clock.instant().minus(retention), BATCH_SIZE);
            if (removed < BATCH_SIZE) {
                return;
            }
        }
    }
}
