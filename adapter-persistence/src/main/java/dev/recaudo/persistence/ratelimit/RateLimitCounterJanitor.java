package dev.recaudo.persistence.ratelimit;

import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
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

    static final int BATCH_SIZE = 5_000;
    static final int BATCHES_PER_RUN_MAX = 20;
    private static final Duration GRACE = Duration.ofMinutes(5);

    private final RateLimitCounterStore store;
    private final Clock clock;

    public RateLimitCounterJanitor(RateLimitCounterStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @Scheduled(every = "60s", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge() {
        for (int batch = 0; batch < BATCHES_PER_RUN_MAX; batch++) {
            if (store.purgeEndedBefore(clock.instant().minus(GRACE), BATCH_SIZE) < BATCH_SIZE) {
                return;
            }
        }
    }
}
