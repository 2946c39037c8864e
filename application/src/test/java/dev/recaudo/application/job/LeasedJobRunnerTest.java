package dev.recaudo.application.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryJobRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.job.LeasedJobRunner.RunOutcome;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.job.Job;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LeasedJobRunnerTest {

    private static final Duration LEASE = Duration.ofMinutes(5);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final InMemoryJobRepository jobs = new InMemoryJobRepository();
    private final LeasedJobRunner first = new LeasedJobRunner(jobs, new DirectTransactions(), clock, LEASE);
    private final LeasedJobRunner second = new LeasedJobRunner(jobs, new DirectTransactions(), clock, LEASE);
    private final Job job = new Job(UUID.randomUUID(), new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.LIVE),
            Job.JobKind.ANNUL_PENDING_DOCUMENTS, "erp", clock.instant());

    /** The second instance's poll, with a batch that would process everything left at once. */
    private RunOutcome secondPolls() {
        return second.runNext(claimed -> 0);
    }

    @Test
    void givenBatchesThatTogetherOutlastTheLease_whenAnotherInstancePollsDuringEachBatch_thenItNeverClaimsTheJob() {
        jobs.enqueue(job);
        List<RunOutcome> polls = new ArrayList<>();
        int[] left = {4};

        RunOutcome outcome = first.runNext(claimed -> {
            clock.advance(Duration.ofMinutes(3)); // a slow batch: four of them last 12 minutes
            polls.add(secondPolls());
            return left[0]-- > 0 ? 1 : 0;
        });

        assertThat(polls).hasSize(5).allSatisfy(poll -> assertThat(poll).isInstanceOf(RunOutcome.NoJobDue.class));
        assertThat(outcome).isEqualTo(new RunOutcome.Completed(job, 4));
        assertThat(jobs.claims()).hasSize(1);
        assertThat(jobs.row(job.id()).done()).isTrue();
        assertThat(jobs.row(job.id()).documentsProcessed()).isEqualTo(4);
    }

    @Test
    void givenAnInstanceThatDiedAfterClaiming_whenItsLeaseRunsOut_thenAnotherInstanceTakesTheJobOver() {
        jobs.enqueue(job);
        assertThat(jobs.claimNext(clock.instant(), LEASE)).isPresent(); // and then the instance died

        clock.advance(LEASE.minusSeconds(1));
        assertThat(secondPolls()).isInstanceOf(RunOutcome.NoJobDue.class);
        clock.advance(Duration.ofSeconds(2));
        assertThat(second.runNext(claimed -> 0)).isEqualTo(new RunOutcome.Completed(job, 0));
        assertThat(jobs.row(job.id()).done()).isTrue();
    }

    @Test
    void givenAnInstanceStalledPastItsLease_whenItResumesAfterATakeover_thenItStopsAndLeavesTheJobToTheOther() {
        jobs.enqueue(job);
        List<RunOutcome> polls = new ArrayList<>();
        int[] batches = {0};

        RunOutcome outcome = first.runNext(claimed -> {
            batches[0]++;
            if (batches[0] == 1) {
                clock.advance(LEASE.plusMinutes(1)); // stalled (a pause, a partition) past its lease
                polls.add(second.runNext(taken -> 0));
            }
            return batches[0] <= 3 ? 1 : 0;
        });

        assertThat(polls).containsExactly(new RunOutcome.Completed(job, 0));
        assertThat(outcome).isEqualTo(new RunOutcome.LeaseLost(job, 1));
        assertThat(batches[0]).as("no batch after the lease was lost").isEqualTo(1);
        assertThat(jobs.row(job.id()).documentsProcessed()).isZero();
    }

    @Test
    void givenAJobTakenOverMidway_whenTheOtherInstanceFinishesIt_thenTheCountHoldsTheWorkOfBoth() {
        jobs.enqueue(job);
        int[] batches = {0};
        int[] left = {4};

        first.runNext(claimed -> {
            if (++batches[0] == 3) {
                clock.advance(LEASE.plusMinutes(1)); // stalled in its third batch, after two were committed
                second.runNext(taken -> left[0]-- > 0 ? 1 : 0);
            }
            return 1;
        });

        assertThat(jobs.row(job.id()).done()).isTrue();
        assertThat(jobs.row(job.id()).documentsProcessed()).as("two batches of the first, four of the second").isEqualTo(6);
    }
}
