package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The jobs' claim statements against PostgreSQL: two instances claiming at once never lease the
 * same job, a leased job stays with its holder until the lease ends, and a lease's renewal or
 * completion touches its own job only. The service's poller is off, so the claims here are the only
 * ones; the jobs enqueued here are older than any other, so a claim takes them first.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class JobClaimPersistenceTest {

    private static final Duration LEASE = Duration.ofMinutes(5);

    @Inject
    JobRepository jobs;

    @Inject
    Transactions transactions;

    @Test
    void givenAClaimInAnOpenTransaction_whenASecondInstanceClaims_thenItSkipsTheLockedJobWithoutWaiting() throws Exception {
        List<Job> enqueued = enqueue(newTenant(KeyEnvironment.TEST), Instant.parse("1980-01-01T00:00:00Z"), 2);
        Instant now = Instant.now();

        HeldTransaction<JobLease> first = HeldTransaction.start(transactions, () -> jobs.claimNext(now, LEASE).orElseThrow());
        JobLease second = CompletableFuture.supplyAsync(() -> claim(now)).get(10, TimeUnit.SECONDS).orElseThrow();
        JobLease firstLease = first.commit();

        assertThat(firstLease.job()).isEqualTo(enqueued.get(0));
        assertThat(second.job()).as("the job the open transaction holds is skipped, not waited for")
                .isEqualTo(enqueued.get(1));
        completeAll(List.of(firstLease, second));
    }

    @Test
    void givenTwoInstancesClaimingAtOnce_whenEachClaimsUntilNoneIsLeft_thenEveryJobIsLeasedToExactlyOne() throws Exception {
        List<Job> enqueued = enqueue(newTenant(KeyEnvironment.LIVE), Instant.parse("1985-01-01T00:00:00Z"), 40);
        Instant now = Instant.now();
        Callable<List<JobLease>> instance = () -> claimUntilNoneIsLeft(now);

        List<JobLease> claims = Parallel.run(2, List.of(instance, instance)).stream().flatMap(List::stream).toList();

        assertThat(claims).extracting(lease -> lease.job().id()).as("no job is leased twice").doesNotHaveDuplicates();
        List<JobLease> ours = claims.stream().filter(lease -> enqueued.contains(lease.job())).toList();
        assertThat(ours).extracting(JobLease::job).containsExactlyInAnyOrderElementsOf(enqueued);
        completeAll(ours);
    }

    @Test
    void givenALeasedJob_whenClaimedBeforeAndAfterItsLeaseEnds_thenOnlyTheLaterClaimTakesItUnderANewToken() {
        TenantScope scope = newTenant(KeyEnvironment.TEST);
        Job job = enqueue(scope, Instant.parse("1970-01-01T00:00:00Z"), 1).get(0);
        Instant now = Instant.now();

        JobLease held = claim(now).orElseThrow();
        assertThat(held.job()).isEqualTo(job);
        assertThat(claim(now.plus(LEASE).minusSeconds(1))).as("the lease has not ended yet")
                .map(JobLease::job).isNotEqualTo(Optional.of(job));

        JobLease taken = claim(now.plus(LEASE).plusSeconds(1)).orElseThrow();
        assertThat(taken.job()).isEqualTo(job);
        assertThat(taken.token()).isNotEqualTo(held.token());
        assertThat(transactions.inTransaction(() -> jobs.renew(held, now.plus(LEASE.multipliedBy(2)), 1)))
                .as("the first holder lost the job").isEqualTo(LeaseState.LOST);
        assertThat(transactions.inTransaction(() -> jobs.complete(held, now))).isEqualTo(LeaseState.LOST);

        assertThat(transactions.inTransaction(() -> jobs.renew(taken, now.plus(LEASE.multipliedBy(2)), 7)))
                .isEqualTo(LeaseState.HELD);
        assertThat(transactions.inTransaction(() -> jobs.complete(taken, now))).isEqualTo(LeaseState.HELD);
        assertThat(Sql.count("SELECT documents_processed FROM jobs WHERE id = ? AND status = 'DONE'", job.id())).isEqualTo(7);
        assertThat(claim(now.plus(LEASE.multipliedBy(10)))).as("a done job is never claimed again")
                .map(JobLease::job).isNotEqualTo(Optional.of(job));
    }

    @Test
    void givenTwoTenantsLeasedJobs_whenOneIsRenewedAndCompleted_thenTheOtherTenantsJobIsUntouched() {
        Job own = enqueue(newTenant(KeyEnvironment.LIVE), Instant.parse("1975-01-01T00:00:00Z"), 1).get(0);
        Job foreign = enqueue(newTenant(KeyEnvironment.TEST), Instant.parse("1975-01-02T00:00:00Z"), 1).get(0);
        Instant now = Instant.now();
        JobLease ownLease = claim(now).orElseThrow();
        JobLease foreignLease = claim(now).orElseThrow();
        assertThat(List.of(ownLease.job(), foreignLease.job())).as("each claim maps its own tenant's row")
                .containsExactly(own, foreign);
        String foreignBefore = row(foreign);

        assertThat(transactions.inTransaction(() -> jobs.renew(ownLease, now.plus(LEASE), 5))).isEqualTo(LeaseState.HELD);
        assertThat(transactions.inTransaction(() -> jobs.complete(ownLease, now))).isEqualTo(LeaseState.HELD);

        assertThat(row(foreign)).isEqualTo(foreignBefore);
        assertThat(row(foreign)).startsWith("PENDING|");
        assertThat(row(own)).startsWith("DONE|5|");
        completeAll(List.of(foreignLease));
    }

    private List<JobLease> claimUntilNoneIsLeft(Instant now) {
        List<JobLease> claimed = new ArrayList<>();
        for (Optional<JobLease> lease = claim(now); lease.isPresent(); lease = claim(now)) {
            claimed.add(lease.get());
        }
        return claimed;
    }

    private Optional<JobLease> claim(Instant now) {
        return transactions.inTransaction(() -> jobs.claimNext(now, LEASE));
    }

    private List<Job> enqueue(TenantScope scope, Instant firstCreatedAt, int count) {
        List<Job> enqueued = IntStream.range(0, count)
                .mapToObj(i -> new Job(UUID.randomUUID(), scope, Job.JobKind.ANNUL_PENDING_DOCUMENTS, "acme-erp",
                        firstCreatedAt.plusSeconds(i)))
                .toList();
        transactions.inTransaction(() -> {
            enqueued.forEach(jobs::enqueue);
            return null;
        });
        return enqueued;
    }

    /** Completes the leases this test took, so no later claim here finds its jobs again. */
    private void completeAll(List<JobLease> leases) {
        Set<LeaseState> states = new HashSet<>();
        leases.forEach(lease -> states.add(transactions.inTransaction(() -> jobs.complete(lease, Instant.now()))));
        assertThat(states).containsExactly(LeaseState.HELD);
    }

    private static String row(Job job) {
        return Sql.text("SELECT status || '|' || coalesce(documents_processed::text, '-') || '|'"
                + " || coalesce(leased_until::text, '-') || '|' || coalesce(lease_token::text, '-') FROM jobs WHERE id = ?",
                job.id());
    }

    private static TenantScope newTenant(KeyEnvironment environment) {
        return new TenantScope(new CompanyId(Tenants.company().id()), environment);
    }
}
