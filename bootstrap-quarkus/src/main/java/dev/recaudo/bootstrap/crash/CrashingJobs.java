package dev.recaudo.bootstrap.crash;

import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.decorator.Delegate;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Around the job repository: a batch opens with a renewal that reports nothing processed yet, so
 * every such renewal after a run's first one (told apart by the lease's token) follows a committed
 * batch. Tokens are remembered only while the point is armed.
 */
@Decorator
@Priority(1)
abstract class CrashingJobs implements JobRepository {

    @Inject
    @Delegate
    JobRepository jobs;

    @Inject
    CrashSwitch crash;

    private final Set<UUID> runsStarted = ConcurrentHashMap.newKeySet();

    @Override
    public LeaseState renew(JobLease lease, Instant leasedUntil, int itemsProcessed) {
        LeaseState state = jobs.renew(lease, leasedUntil, itemsProcessed);
        if (itemsProcessed == 0 && crash.armed(CrashPoint.JOB_AFTER_BATCH) && !runsStarted.add(lease.token())) {
            crash.reached(CrashPoint.JOB_AFTER_BATCH);
        }
        return state;
    }
}
