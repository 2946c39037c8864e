package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The identity locks against PostgreSQL: a second transaction that locks the same identity waits
 * for the first to end, and one of another tenant or environment does not wait at all.
 */
@QuarkusTest
class AdvisoryLockPersistenceTest {

    private static final long HELD_MILLIS = 400;

    @Inject
    NativeSql nativeSql;

    @Inject
    Transactions transactions;

    @Test
    void givenTwoTransactionsRacingForOneIdentity_whenBothLockIt_thenTheSecondWaitsForTheFirstToEnd() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        String identity = UUID.randomUUID().toString();

        long waitedMillis = secondWaitMillis(scope, scope, identity);

        assertThat(waitedMillis).as("the second lock waits while the first transaction holds it")
                .isGreaterThanOrEqualTo(HELD_MILLIS / 2);
    }

    @Test
    void givenOneIdentityOfAnotherTenantOrEnvironment_whenLockedWhileTheFirstHoldsIt_thenNothingWaits() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        String identity = UUID.randomUUID().toString();

        long otherCompany = secondWaitMillis(scope, new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST),
                identity);
        long otherEnvironment = secondWaitMillis(scope, new TenantScope(scope.companyId(), KeyEnvironment.LIVE), identity);

        assertThat(otherCompany).isLessThan(HELD_MILLIS / 2);
        assertThat(otherEnvironment).isLessThan(HELD_MILLIS / 2);
    }

    /** How long a lock of {@code identity} in {@code second} waited while another transaction held it in {@code first}. */
    private long secondWaitMillis(TenantScope first, TenantScope second, String identity) throws Exception {
        CountDownLatch locked = new CountDownLatch(1);
        CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
            AdvisoryLocks.lockIdentity(nativeSql, "document", first, "acme-erp", identity);
            locked.countDown();
            pause(HELD_MILLIS);
            return null;
        }));
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
        long started = System.nanoTime();
        transactions.inTransaction(() -> {
            AdvisoryLocks.lockIdentity(nativeSql, "document", second, "acme-erp", identity);
            return null;
        });
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        holder.get(30, TimeUnit.SECONDS);
        return waitedMillis;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
