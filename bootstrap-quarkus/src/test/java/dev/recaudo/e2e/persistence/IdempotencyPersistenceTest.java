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
import dev.recaudo.domain.idempotency.Signature;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
    private static final Optional<Signature> UNSIGNED = Optional.empty();

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

        assertThat(twinWaitingOn(scope, key, true)).isEqualTo(new Claim.Replay(ANSWER));
        assertThat(claim(scope, key, new Fingerprint("v2:another request"))).isEqualTo(new Claim.Mismatch());
    }

    @Test
    void givenAClaimedKey_whenATwinWaitsAndTheFirstRollsBack_thenTheTwinClaimsTheKey() throws Exception {
        String key = UUID.randomUUID().toString();

        assertThat(twinWaitingOn(newScope(KeyEnvironment.LIVE), key, false)).isEqualTo(new Claim.Claimed());
        assertThat(Sql.count("SELECT count(*) FROM idempotency_records WHERE idempotency_key = ?", key))
                .as("the twin's claim committed, the first's is gone").isEqualTo(1);
    }

    @Test
    void givenAKeyHeldPastTheWait_whenATwinClaimsIt_thenItHearsTheFirstIsInProgressAndLaterReplays() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        String key = UUID.randomUUID().toString();
        HeldTransaction<Claim> first = claimAndAnswer(scope, key);

        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.InProgress());
        first.commit();

        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.Replay(ANSWER));
    }

    @Test
    void givenAClaimCommittedWithoutAnAnswer_whenTheKeyIsClaimedAgain_thenItIsInProgressNotClaimedTwice() {
        IdempotencyScope scope = newScope(KeyEnvironment.LIVE);
        String key = UUID.randomUUID().toString();
        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.Claimed());

        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.InProgress());
        assertThat(claim(scope, key, new Fingerprint("v2:another request"))).isEqualTo(new Claim.Mismatch());
    }

    @Test
    void givenAKeyHeldByOnePartner_whenClaimedUnderAnotherPartnerEnvironmentOrOperation_thenEachClaimsItWithoutWaiting()
            throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        String key = UUID.randomUUID().toString();
        HeldTransaction<Claim> first = claimAndAnswer(scope, key);

        TenantScope tenant = scope.tenant();
        IdempotencyScope otherPartner = new IdempotencyScope(tenant, new PartnerScope.Source("other-erp"));
        IdempotencyScope otherEnvironment = new IdempotencyScope(new TenantScope(tenant.companyId(), KeyEnvironment.LIVE),
                scope.partner());
        IdempotencyScope otherCompany = new IdempotencyScope(new TenantScope(new CompanyId(UUID.randomUUID()),
                KeyEnvironment.TEST), scope.partner());
        for (IdempotencyScope other : List.of(otherPartner, otherEnvironment, otherCompany)) {
            assertThat(claim(other, key, REQUEST)).as(other.toString()).isEqualTo(new Claim.Claimed());
        }
        assertThat(transactions.inTransaction(() -> store.claim(scope, "payments.verify", key, REQUEST, UNSIGNED, Instant.now())))
                .isEqualTo(new Claim.Claimed());
        first.commit();
    }

    @Test
    void givenEightTwinsRacingForOneKey_whenEachClaimsAndCompletes_thenExactlyOneClaimsIt() throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.LIVE);
        String key = UUID.randomUUID().toString();
        Callable<Claim> twin = () -> transactions.inTransaction(() -> {
            Claim claim = store.claim(scope, OPERATION, key, REQUEST, UNSIGNED, Instant.now());
            if (claim instanceof Claim.Claimed) {
                store.complete(scope, OPERATION, key, ANSWER, Instant.now());
            }
            return claim;
        });

        List<Claim> answers = Parallel.run(8, Collections.nCopies(8, twin));
        assertThat(answers).filteredOn(Claim.Claimed.class::isInstance).hasSize(1);
        assertThat(answers).filteredOn(claim -> !(claim instanceof Claim.Claimed))
                .hasSize(7)
                .allSatisfy(claim -> assertThat(claim).isIn(new Claim.Replay(ANSWER), new Claim.InProgress()));
        assertThat(claim(scope, key, REQUEST)).isEqualTo(new Claim.Replay(ANSWER));
    }

    @Test
    void givenASignedClaimCommitted_whenItsSignatureIsClaimedUnderAnotherKey_thenSignatureUsedAndNothingInserted() {
        IdempotencyScope scope = newScope(KeyEnvironment.LIVE);
        Optional<Signature> signature = randomSignature();
        String first = UUID.randomUUID().toString();
        assertThat(claimSigned(scope, first, signature)).isEqualTo(new Claim.Claimed());

        assertThat(claimSigned(scope, UUID.randomUUID().toString(), signature)).isEqualTo(new Claim.SignatureUsed());
        assertThat(claimSigned(scope, first, signature)).as("a retry under its own key").isEqualTo(new Claim.InProgress());
        assertThat(Sql.count("SELECT count(*) FROM idempotency_records WHERE company_id = ?", scope.tenant().companyId().value()))
                .isEqualTo(1);
        IdempotencyScope otherCompany = newScope(KeyEnvironment.LIVE);
        assertThat(claimSigned(otherCompany, UUID.randomUUID().toString(), signature))
                .as("the same bytes in another company").isEqualTo(new Claim.Claimed());
    }

    @Test
    void givenASignedClaimHeld_whenItsSignatureIsClaimedUnderAnotherKey_thenItWaitsAndIsRefusedOnCommitOrClaimsOnRollback()
            throws Exception {
        IdempotencyScope scope = newScope(KeyEnvironment.TEST);
        for (boolean commit : new boolean[] {true, false}) {
            Optional<Signature> signature = randomSignature();
            HeldTransaction<Claim> first = HeldTransaction.start(transactions,
                    () -> store.claim(scope, OPERATION, UUID.randomUUID().toString(), REQUEST, signature, Instant.now()));
            CompletableFuture<Claim> resent = CompletableFuture.supplyAsync(
                    () -> claimSigned(scope, UUID.randomUUID().toString(), signature));
            awaitWaitingOnTheRow();
            if (commit) {
                first.commit();
            } else {
                first.rollBack();
            }
            assertThat(resent.get(30, TimeUnit.SECONDS)).as("first committed: %s", commit)
                    .isEqualTo(commit ? new Claim.SignatureUsed() : new Claim.Claimed());
        }
    }

    private Claim claimSigned(IdempotencyScope scope, String key, Optional<Signature> signature) {
        return transactions.inTransaction(() -> store.claim(scope, OPERATION, key, REQUEST, signature, Instant.now()));
    }

    private static Optional<Signature> randomSignature() {
        return Optional.of(new Signature((UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "")));
    }

    private Claim claim(IdempotencyScope scope, String key, RequestFingerprint fingerprint) {
        return transactions.inTransaction(() -> store.claim(scope, OPERATION, key, fingerprint, UNSIGNED, Instant.now()));
    }

    /**
     * Claims and answers the key in a transaction held open, lets a twin claim it until the twin
     * waits on the row, then commits or rolls back the first: answers what the twin heard.
     */
    private Claim twinWaitingOn(IdempotencyScope scope, String key, boolean commit) throws Exception {
        HeldTransaction<Claim> first = claimAndAnswer(scope, key);
        CompletableFuture<Claim> twin = CompletableFuture.supplyAsync(() -> claim(scope, key, REQUEST));
        awaitWaitingOnTheRow();
        if (commit) {
            first.commit();
        } else {
            first.rollBack();
        }
        return twin.get(30, TimeUnit.SECONDS);
    }

    private HeldTransaction<Claim> claimAndAnswer(IdempotencyScope scope, String key) {
        return HeldTransaction.start(transactions, () -> {
            Claim claim = store.claim(scope, OPERATION, key, REQUEST, UNSIGNED, Instant.now());
            assertThat(claim).isEqualTo(new Claim.Claimed());
            store.complete(scope, OPERATION, key, ANSWER, Instant.now());
            return claim;
        });
    }

    /** Returns once a claim's insert waits on another transaction's row, proving it waits rather than fails. */
    private static void awaitWaitingOnTheRow() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Sql.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock' AND query LIKE '%recaudo_claim_idempotency(%'") == 0) {
            assertThat(System.nanoTime()).as("a twin waiting on the first claim's row").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static IdempotencyScope newScope(KeyEnvironment environment) {
        return new IdempotencyScope(new TenantScope(new CompanyId(UUID.randomUUID()), environment),
                new PartnerScope.Source("acme-erp"));
    }
}
