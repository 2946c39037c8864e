package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.money.CurrencyCode;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Companies and their administrators against PostgreSQL, through the session. */
@QuarkusTest
class CompanyPersistenceTest {

    @Inject
    CompanyRepository companies;

    @Inject
    AdminUserRepository admins;

    @Inject
    Transactions transactions;

    @Test
    void givenANewCompany_whenInsertedAndChanged_thenReadsReturnWhatWasStored() {
        Company company = newCompany();
        transactions.inTransaction(() -> {
            companies.insert(company);
            return null;
        });
        assertThat(transactions.inTransaction(() -> companies.find(company.id()))).contains(company);

        Company changed = company.withReferenceCurrency(Optional.of(CurrencyCode.USD)).withEnabled(false);
        transactions.inTransaction(() -> {
            companies.lock(company.id()).orElseThrow();
            companies.update(changed);
            return null;
        });
        assertThat(transactions.inTransaction(() -> companies.find(company.id()))).contains(changed);
        assertThat(transactions.inTransaction(() -> companies.find(new CompanyId(UUID.randomUUID())))).isEmpty();
    }

    @Test
    void givenTwoTransactionsChangingOneCompany_whenTheSecondReadItBeforeLocking_thenItsLockSeesTheFirstsChange()
            throws Exception {
        Company company = newCompany();
        transactions.inTransaction(() -> {
            companies.insert(company);
            return null;
        });
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch changed = new CountDownLatch(1);

        CompletableFuture<Company> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            companies.find(company.id()).orElseThrow();
            read.countDown();
            await(changed);
            return companies.lock(company.id()).orElseThrow();
        }));
        await(read);
        transactions.inTransaction(() -> {
            companies.update(companies.lock(company.id()).orElseThrow().withEnabled(false));
            return null;
        });
        changed.countDown();

        assertThat(second.get(30, TimeUnit.SECONDS).enabled()).isFalse();
    }

    @Test
    void givenAnAdministrator_whenInsertedTwiceWithOneEmail_thenTheSecondIsRefusedAndReadsAreScopedToTheCompany() {
        Company company = newCompany();
        String email = "admin-" + UUID.randomUUID() + "@example.com";
        AdminUser admin = new AdminUser(AdminUserId.random(), company.id(), email, "hash", UserRole.ADMIN, now());
        AdminUser twin = new AdminUser(AdminUserId.random(), company.id(), email, "other", UserRole.ADMIN, now());

        InsertOutcome first = transactions.inTransaction(() -> {
            companies.insert(company);
            return admins.insert(admin);
        });
        InsertOutcome second = transactions.inTransaction(() -> admins.insert(twin));

        assertThat(first).isEqualTo(InsertOutcome.INSERTED);
        assertThat(second).isEqualTo(InsertOutcome.ALREADY_EXISTS);
        assertThat(transactions.inTransaction(() -> admins.findByEmail(email))).contains(admin);
        assertThat(transactions.inTransaction(() -> admins.find(company.id(), admin.id()))).contains(admin);
        assertThat(transactions.inTransaction(() -> admins.find(new CompanyId(UUID.randomUUID()), admin.id()))).isEmpty();
    }

    private static Company newCompany() {
        return new Company(new CompanyId(UUID.randomUUID()), "Persistence " + UUID.randomUUID(), Optional.empty(), Company.DEFAULT_TIME_ZONE, true,
                now());
    }

    /** PostgreSQL keeps microseconds. */
    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
