package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.customer.TaxIdentity;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The identity locks against PostgreSQL: a second transaction that locks the same identity waits
 * until the first ends, one of another tenant or environment does not wait at all, and the statement
 * the lock goes with (it is deferred to that statement's round trip) sees what the first committed.
 */
@QuarkusTest
class AdvisoryLockPersistenceTest {

    @Inject
    NativeSql nativeSql;

    @Inject
    Transactions transactions;

    @Inject
    CustomerRepository customers;

    @Test
    void givenTwoTransactionsRacingForOneIdentity_whenBothLockIt_thenTheSecondWaitsUntilTheFirstEnds() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        String identity = UUID.randomUUID().toString();
        Holder first = Holder.start(this, scope, identity);

        CompletableFuture<Void> second = lockAsync(scope, identity);

        Thread.sleep(300);
        assertThat(second).as("the second lock waits while the first transaction holds it").isNotDone();
        first.release();
        second.get(30, TimeUnit.SECONDS);
    }

    @Test
    void givenOneIdentityOfAnotherTenantOrEnvironment_whenLockedWhileTheFirstHoldsIt_thenNothingWaits() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        String identity = UUID.randomUUID().toString();
        Holder first = Holder.start(this, scope, identity);

        lockAsync(new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST), identity).get(30, TimeUnit.SECONDS);
        lockAsync(new TenantScope(scope.companyId(), KeyEnvironment.LIVE), identity).get(30, TimeUnit.SECONDS);

        first.release();
    }

    @Test
    void givenACustomerCreatedUnderItsIdentityLock_whenTheNextHolderLooksForItInTheLocksRoundTrip_thenItFindsIt() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST);
        String taxId = "RUC-" + UUID.randomUUID();
        String identity = "tax:" + TaxIdentity.normalize(taxId).orElseThrow();
        Holder first = Holder.start(this, () -> {
            customers.lockIdentity(scope, identity);
            customers.insert(Customer.create(scope, new CustomerProfile(Optional.empty(), "Cliente", Optional.empty(),
                    Optional.empty(), Optional.of(taxId), Optional.empty()), Instant.now()));
            nativeSql.sendDeferred();
        });

        CompletableFuture<Optional<Customer>> found = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            customers.lockIdentity(scope, identity);
            return customers.findByTaxIdentity(scope, TaxIdentity.normalize(taxId).orElseThrow());
        }));

        Thread.sleep(300);
        assertThat(found).as("the lookup waits for the lock it goes with").isNotDone();
        first.release();
        assertThat(found.get(30, TimeUnit.SECONDS)).as("the customer committed by the lock's last holder").isPresent();
    }

    private CompletableFuture<Void> lockAsync(TenantScope scope, String identity) {
        return CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
            AdvisoryLocks.lockIdentity(nativeSql, "document", scope, "acme-erp", identity);
            return null;
        }));
    }

    /** A transaction that holds the lock of one identity until released. */
    private record Holder(CountDownLatch released, CompletableFuture<Void> transaction) {

        static Holder start(AdvisoryLockPersistenceTest test, TenantScope scope, String identity) throws Exception {
            return start(test, () -> {
                AdvisoryLocks.lockIdentity(test.nativeSql, "document", scope, "acme-erp", identity);
                test.nativeSql.sendDeferred();
            });
        }

        /** A transaction that runs {@code locking}, which must leave its lock taken, then waits to be released. */
        static Holder start(AdvisoryLockPersistenceTest test, Runnable locking) throws Exception {
            CountDownLatch locked = new CountDownLatch(1);
            CountDownLatch released = new CountDownLatch(1);
            CompletableFuture<Void> transaction = CompletableFuture.runAsync(() -> test.transactions.inTransaction(() -> {
                locking.run();
                locked.countDown();
                try {
                    assertThat(released.await(30, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                return null;
            }));
            assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
            return new Holder(released, transaction);
        }

        void release() throws Exception {
            released.countDown();
            transaction.get(30, TimeUnit.SECONDS);
        }
    }
}
