package dev.recaudo.application.job;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Claims the next due job and runs it batch by batch, one transaction per batch. Each batch's
 * transaction renews the lease first: that proves this instance still holds it and, in the
 * database, holds the job's row until the batch commits, so no other instance claims the job
 * however long the batch takes. It renews again when the batch is done, so the lease also covers
 * the step to the next batch. A renewal that finds the lease taken over ends the run: this
 * instance was presumed dead, and the one that took the job finishes it.
 */
public final class LeasedJobRunner {

    /** One batch of a job, run inside the batch's transaction; answers how many items it processed, zero when none were left. */
    @FunctionalInterface
    public interface Batch {
        int process(Job job);
    }

    /** How a run ended. */
    public sealed interface RunOutcome {
        /** Items processed by this instance during the run. */
        int processed();

        record NoJobDue() implements RunOutcome {
            @Override
            public int processed() {
                return 0;
            }
        }

        record Completed(Job job, int processed) implements RunOutcome {}

        /** The lease ran out and another instance took the job over; that instance finishes it. */
        record LeaseLost(Job job, int processed) implements RunOutcome {}
    }

    private final JobRepository jobs;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration lease;

    public LeasedJobRunner(JobRepository jobs, Transactions transactions, Clock clock, Duration lease) {
        this.jobs = jobs;
        this.transactions = transactions;
        this.clock = clock;
        this.lease = Objects.requireNonNull(lease, "lease");
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("a lease lasts some time");
        }
    }

    public RunOutcome runNext(Batch batch) {
        Optional<JobLease> claimed = transactions.inTransaction(() -> jobs.claimNext(clock.instant(), lease));
        if (claimed.isEmpty()) {
            return new RunOutcome.NoJobDue();
        }
        JobLease held = claimed.get();
        int processed = 0;
        while (true) {
            BatchRun run = transactions.inTransaction(() -> renewedBatch(held, batch));
            processed += run.processed();
            if (run.lease() == LeaseState.LOST) {
                return new RunOutcome.LeaseLost(held.job(), processed);
            }
            if (run.processed() == 0) {
                break;
            }
        }
        int total = processed;
        LeaseState completion = transactions.inTransaction(() -> jobs.complete(held, clock.instant()));
        return completion == LeaseState.HELD
                ? new RunOutcome.Completed(held.job(), total)
                : new RunOutcome.LeaseLost(held.job(), total);
    }

    /** What a batch processed, and whether the lease was still held around it. */
    private record BatchRun(int processed, LeaseState lease) {}

    /** The batch between two renewals of the lease; nothing is processed when the first renewal finds the lease lost. */
    private BatchRun renewedBatch(JobLease held, Batch batch) {
        if (jobs.renew(held, clock.instant().plus(lease), 0) == LeaseState.LOST) {
            return new BatchRun(0, LeaseState.LOST);
        }
        int processed = batch.process(held.job());
        return new BatchRun(processed, jobs.renew(held, clock.instant().plus(lease), processed));
    }
}
