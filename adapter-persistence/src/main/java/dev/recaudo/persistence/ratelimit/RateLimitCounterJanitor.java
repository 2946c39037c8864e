package dev.recaudo.persistence.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.persistence.common.PersistenceSettings;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;

/**
 * Removes counters of windows that ended a while ago, in bounded batches, so the table stays the
 * size of the traffic of the last few minutes. Any instance may run it; deleting twice is harmless.
 */
@ApplicationScoped
public class RateLimitCounterJanitor {

    private static final Duration GRACE = Duration.ofMinutes(5);

    private final RateLimitCounterStore store;
    private final Clock clock;
    private final PersistenceSettings.Janitor batches;

    public RateLimitCounterJanitor(RateLimitCounterStore store, Clock clock, PersistenceSettings settings) {
        this.store = store;
        this.clock = clock;
        this.batches = settings.janitor();
    }

    @Scheduled(every = "60s", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge() {
        for (int batch = 0; batch < batches.batchesPerRunMax(); batch++) {
            if (store.purgeEndedBefore(clock.instant().minus(GRACE), batches.batchSize()) < batches.batchSize()) {
                return;
            }
        }
    }
}
