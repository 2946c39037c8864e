package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.IdempotencyStore.Claim;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The idempotency records against PostgreSQL: of two transactions claiming one key, exactly one
 * owns it; the other waits on its row and then replays its answer, claims the key itself when the
 * first rolls back, or hears it is in progress once the bounded wait is over.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class IdempotencyPersistenceTest {

    private static final String OPERATION = "collection_documents.upsert";
    private static final Fingerprint REQUEST = new Fingerprint("v2:request");
    private static final StoredResponse ANSWER = new StoredResponse(201, "{\"id\":\"answer\"}");

    @Inject
    IdempotencyStore store;

    @Inject
    Transactions transactions;

    /** A fingerprint as stored: one form, matched exactly. */
    private record Fingerprint(String value) implements RequestFingerprint {
        @Override
        public boolean matches(String stored) {
            return value.equals(stored);
        }
    }

    @Test
    void givenAClaimedKey_whenATwinWaitsAndTheFirstCommitsItsAnswer_thenTheTwinReplaysIt() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        String key = UUID.randomUUID().toString();
        Holder first = Holder.claim(this, scope, key);

        CompletableFuture<Claim> twin = claimAsync(scope, key, REQUEST);
        awaitWaitingOnTheRow();
        first.commit(true);

        assertThat(twin.get(30, TimeUnit.SECONDS)).isEqualTo(new Claim.Replay(ANSWER));
        assertThat(claim(scope, key, new Fingerprint("v2:another request"))).isEqualTo(new Claim.Mismatch());
    }

    @Test
    void givenAClaimedKey_whenATwinWaitsAndTheFirstRollsBack_thenTheTwinClaimsTheKey() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.LIVE);
        String key = UUID.randomUUID().toString();
        Holder first = Holder.claim(this, scope, key);

        CompletableFuture<Claim> twin = claimAsync(scope, key, REQUEST);
        awaitWaitingOnTheRow();
        first.commit(false);

        assertThat(twin.get(30, TimeUnit.SECONDS)).isEqualTo(new Claim.Claimed());
        assertThat(Sql.count("SELECT count(*) FROM idempotency_records WHERE idempotency_key = ?", key))
                .as("the twin's claim committed, the first's is gone").isEqualTo(1);
    }

    @Test
    void givenAKeyHeldPastTheWait_whenATwinClaimsIt_thenItHearsTheFirstIsInProgressAndLaterReplays() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        String key = UUID.randomUUID().toString();
        Holder first = Holder.claim(this, scope, key);

        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.InProgress());
        first.commit(true);

        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.Replay(ANSWER));
    }

    @Test
    void givenAKeyHeldByOnePartner_whenClaimedUnderAnotherPartnerEnvironmentOrOperation_thenEachClaimsItWithoutWaiting()
            throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        String key = UUID.randomUUID().toString();
        Holder first = Holder.claim(this, scope, key);

        TenantScope tenant = scope.tenant();
        IdempotencyScope otherPartner = new IdempotencyScope(tenant, new PartnerScope.Source("other-erp"));
        IdempotencyScope otherEnvironment = new IdempotencyScope(new TenantScope(tenant.companyId(), KeyEnvironment.LIVE),
                scope.partner());
        IdempotencyScope otherCompany = new IdempotencyScope(new TenantScope(new CompanyId(UUID.randomUUID()),
                KeyEnvironment.TEST), scope.partner());
        for (IdempotencyScope other : List.of(otherPartner, otherEnvironment, otherCompany)) {
            assertThat(claim(other, key, REQUEST)).as(other.toString()).isEqualTo(new Claim.Claimed());
        }
        assertThat(transactions.inTransaction(() -> store.claim(scope, "payments.verify", key, REQUEST, Instant.now())))
                .isEqualTo(new Claim.Claimed());
        first.commit(true);
    }

    @Test
    void givenEightTwinsRacingForOneKey_whenEachClaimsAndCompletes_thenExactlyOneClaimsIt() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.LIVE);
        String key = UUID.randomUUID().toString();
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<Claim>> twins = IntStream.range(0, 8).<Callable<Claim>>mapToObj(i -> () -> {
            assertThat(start.await(30, TimeUnit.SECONDS)).isTrue();
            return transactions.inTransaction(() -> {
                Claim claim = store.claim(scope, OPERATION, key, REQUEST, Instant.now());
                if (claim instanceof Claim.Claimed) {
                    store.complete(scope, OPERATION, key, ANSWER, Instant.now());
                }
                return claim;
            });
        }).toList();

        CompletableFuture<List<Claim>> claims = CompletableFuture.supplyAsync(() -> {
            try {
                return Parallel.run(8, twins);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        start.countDown();

        List<Claim> answers = claims.get(60, TimeUnit.SECONDS);
        assertThat(answers).filteredOn(Claim.Claimed.class::isInstance).hasSize(1);
        assertThat(answers).filteredOn(claim -> !(claim instanceof Claim.Claimed))
                .hasSize(7)
                .allSatisfy(claim -> assertThat(claim).isIn(new Claim.Replay(ANSWER), new Claim.InProgress()));
        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.Replay(ANSWER));
    }

    private Claim claim(IdempotencyScope scope, String key, RequestFingerprint fingerprint) {
        return transactions.inTransaction(() -> store.claim(scope, OPERATION, key, fingerprint, Instant.now()));
    }

    private CompletableFuture<Claim> claimAsync(IdempotencyScope scope, String key, RequestFingerprint fingerprint) {
        return CompletableFuture.supplyAsync(() -> claim(scope, key, fingerprint));
    }

    /** Returns once a claim's insert waits on another transaction's row, proving it waits rather than fails. */
    private static void awaitWaitingOnTheRow() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Sql.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO idempotency_records%'") == 0) {
            assertThat(System.nanoTime()).as("a twin waiting on the first claim's row").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static IdempotencyScope newScope(KeyEnvironment environment) {
        return new IdempotencyScope(new TenantScope(new CompanyId(UUID.randomUUID()), environment),
                new PartnerScope.Source("acme-erp"));
    }

    /** A transaction that claimed a key and holds it until told to complete and commit, or to roll back. */
    private record Holder(CountDownLatch decided, boolean[] commit, CompletableFuture<Void> transaction) {

        static Holder claim(IdempotencyPersistenceTest test, IdempotencyScope scope, String key) throws Exception {
            CountDownLatch claimed = new CountDownLatch(1);
            CountDownLatch decided = new CountDownLatch(1);
            boolean[] commit = new boolean[1];
            CompletableFuture<Void> transaction = CompletableFuture.runAsync(() -> test.transactions.inTransaction(() -> {
                assertThat(test.store.claim(scope, OPERATION, key, REQUEST, Instant.now())).isEqualTo(new Claim.Claimed());
                claimed.countDown();
                try {
                    assertThat(decided.await(30, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                if (!commit[0]) {
                    throw new RolledBack();
                }
                test.store.complete(scope, OPERATION, key, ANSWER, Instant.now());
                return null;
            }));
            assertThat(claimed.await(30, TimeUnit.SECONDS)).isTrue();
            return new Holder(decided, commit, transaction);
        }

        void commit(boolean answer) throws Exception {
            commit[0] = answer;
            decided.countDown();
            try {
                transaction.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                assertThat(answer).as("only a rollback throws").isFalse();
                assertThat(e).hasRootCauseInstanceOf(RolledBack.class);
            }
        }
    }

    /** Thrown to end the holder's transaction without its answer. */
    private static final class RolledBack extends RuntimeException {
        RolledBack() {
            super("rolled back by the test", null, false, false);
        }
    }
}
