package dev.recaudo.e2e.invoices;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.LeasedBatches;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.BulkAnnulmentService;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two job runners on one database, as two instances would be: a job whose batches each outlast
 * the lease stays with the instance running it, and a job whose instance died is taken over once
 * its lease runs out. The service's own poller is off, so the runners here are the only ones.
 */
@QuarkusTest
@TestProfile(BulkAnnulmentLeaseTest.NoJobPoller.class)
class BulkAnnulmentLeaseTest {

    public static class NoJobPoller implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.jobs.poll-interval", "off");
        }
    }

    private static final Duration LEASE = Duration.ofSeconds(1);
    private static final long SLOW_BATCH_MILLIS = 1_500;
    private static final int BATCH_SIZE = 2;

    @Inject
    JobRepository jobs;

    @Inject
    CollectionDocumentRepository documents;

    @Inject
    DocumentBook book;

    @Inject
    Transactions transactions;

    @Inject
    Clock clock;

    /** One instance's job runner, noting the jobs it claims; {@code slow} makes every batch outlast the lease. */
    private BulkAnnulmentService instance(List<UUID> claimed, boolean slow) {
        JobRepository noting = (JobRepository) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {JobRepository.class}, (proxy, method, arguments) -> {
                    Object result = invoke(method, jobs, arguments);
                    if (method.getName().equals("claimNext")) {
                        ((Optional<?>) result).ifPresent(lease -> claimed.add(((JobLease) lease).job().id()));
                    }
                    return result;
                });
        CollectionDocumentRepository batches = (CollectionDocumentRepository) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {CollectionDocumentRepository.class},
                (proxy, method, arguments) -> {
                    Object result = invoke(method, documents, arguments);
                    if (slow && method.getName().equals("lockPendingBatch")) {
                        Thread.sleep(SLOW_BATCH_MILLIS); // holding the batch's locks and transaction
                    }
                    return result;
                });
        return new BulkAnnulmentService(noting, batches, book, transactions, clock, new LeasedBatches(BATCH_SIZE, LEASE));
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] arguments) throws Throwable {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Creates pending invoices of a new company and asks for their bulk annulment; answers the job's id. */
    private static UUID bulkAnnulmentOf(int invoices, Tenants.Company company) {
        Tenants.Key key = Invoices.testKey(company);
        for (int i = 0; i < invoices; i++) {
            Invoices.create(key);
        }
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(Map.of("reason", "DELETE_FROM_PROVIDER"))
                .delete("/v1/invoices")
                .then().statusCode(202);
        return UUID.fromString(Sql.text("SELECT id::text FROM jobs WHERE company_id = ?", company.id()));
    }

    @Test
    void givenBatchesEachOutlastingTheLease_whenASecondInstancePollsMeanwhile_thenOnlyTheFirstRunsTheJob() throws Exception {
        Tenants.Company company = Tenants.company();
        UUID jobId = bulkAnnulmentOf(5, company);
        List<UUID> firstClaims = Collections.synchronizedList(new ArrayList<>());
        List<UUID> secondClaims = Collections.synchronizedList(new ArrayList<>());
        BulkAnnulmentService first = instance(firstClaims, true);
        BulkAnnulmentService second = instance(secondClaims, false);

        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> firstRun = executor.submit(first::runNext);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (firstClaims.isEmpty()) {
                assertThat(System.nanoTime()).as("the first instance claims the job").isLessThan(deadline);
                Thread.sleep(10);
            }
            int polls = 0;
            while (!firstRun.isDone()) {
                second.runNext();
                polls++;
                Thread.sleep(100);
            }
            assertThat(firstRun.get(30, TimeUnit.SECONDS)).isEqualTo(5);
            assertThat(polls).as("the second instance polled through several leases").isGreaterThan(20);
        } finally {
            executor.shutdownNow();
        }

        assertThat(firstClaims).containsExactly(jobId);
        assertThat(secondClaims).isEmpty();
        assertThat(Sql.text("SELECT status FROM jobs WHERE id = ?", jobId)).isEqualTo("DONE");
        assertThat(Sql.count("SELECT documents_processed FROM jobs WHERE id = ?", jobId)).isEqualTo(5);
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ? AND status = 'DELETE_FROM_PROVIDER'",
                company.id())).isEqualTo(5);
    }

    @Test
    void givenAnInstanceThatDiedAfterClaiming_whenItsLeaseRunsOut_thenAnotherInstanceTakesTheJobOver() throws Exception {
        Tenants.Company company = Tenants.company();
        UUID jobId = bulkAnnulmentOf(3, company);
        Duration deadLease = Duration.ofSeconds(3);
        JobLease dead = transactions.inTransaction(() -> jobs.claimNext(clock.instant(), deadLease)).orElseThrow();
        assertThat(dead.job().id()).isEqualTo(jobId);
        List<UUID> secondClaims = Collections.synchronizedList(new ArrayList<>());
        BulkAnnulmentService second = instance(secondClaims, false);

        assertThat(second.runNext()).isZero();
        assertThat(secondClaims).as("the lease still runs").isEmpty();
        Thread.sleep(deadLease.toMillis() + 200);
        assertThat(second.runNext()).isEqualTo(3);

        assertThat(secondClaims).containsExactly(jobId);
        assertThat(Sql.count("SELECT documents_processed FROM jobs WHERE id = ?", jobId)).isEqualTo(3);
        assertThat(transactions.inTransaction(() -> jobs.complete(dead, clock.instant())))
                .as("the dead instance's token no longer completes the job").isEqualTo(LeaseState.LOST);
        assertThat(Sql.count("SELECT documents_processed FROM jobs WHERE id = ?", jobId)).isEqualTo(3);
    }
}
