package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The ledger's posting against PostgreSQL, one round trip for any number of transfers: accounts
 * created on first use even when many transactions use a new one at once, and transfers and entries
 * stored in the order and with the values given.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class LedgerPersistenceTest {

    private static final int RACERS = 8;

    @Inject
    Ledger ledger;

    @Inject
    Transactions transactions;

    @Inject
    NativeSql nativeSql;

    /**
     * The first payments of a new partner source: the first transaction creates the shared
     * collections account and holds it uncommitted, the others wait on it inside their posting and,
     * once it commits, must find the account it created (a statement of their own, with a fresh
     * snapshot) rather than fail or create a second one.
     */
    @Test
    void givenANewSharedAccountBeingCreated_whenManyTransactionsPostToIt_thenAllSucceedAndItExistsOnce() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST);
        AccountCode collections = AccountCode.partnerCollections("new-erp-" + UUID.randomUUID());
        HeldTransaction<Void> first = HeldTransaction.start(transactions, () -> {
            ledger.post(received(scope, collections, 100));
            return null;
        });
        ExecutorService racers = Executors.newFixedThreadPool(RACERS);
        try {
            List<CompletableFuture<Void>> posted = new ArrayList<>();
            for (int i = 1; i <= RACERS; i++) {
                Transfer transfer = received(scope, collections, 100 + i);
                posted.add(CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
                    ledger.post(transfer);
                    return null;
                }), racers));
            }
            awaitPostingsWaiting(RACERS);
            first.commit();
            CompletableFuture.allOf(posted.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        } finally {
            racers.shutdown();
        }

        assertThat(Sql.count("SELECT count(*) FROM ledger_accounts WHERE company_id = ? AND code = ?",
                scope.companyId().value(), collections.value())).isEqualTo(1);
        long posted = 100 + (long) RACERS * (RACERS + 1) / 2 + 100L * RACERS;
        assertThat(ledger.balance(scope, collections, CurrencyCode.USD)).isEqualTo(Money.of(posted, CurrencyCode.USD));
        assertThat(Sql.count("SELECT count(*) FROM ledger_transfers WHERE company_id = ?", scope.companyId().value()))
                .isEqualTo(RACERS + 1);
    }

    @Test
    void givenTwoTransfers_whenPostedInOneCall_thenEachWithItsEntriesInOrderAndItsInstantAsTheDriverBindsIt() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        AccountCode collections = AccountCode.partnerCollections("erp-" + UUID.randomUUID());
        Instant halfMicro = Instant.parse("2026-11-28T10:00:00.123456500Z");
        Transfer received = new Transfer(UUID.randomUUID(), scope, TransferKind.PAYMENT_RECEIVED,
                List.of(Entry.debit(collections, Money.of(700, CurrencyCode.USD)),
                        Entry.credit(AccountCode.billing(), Money.of(700, CurrencyCode.USD))),
                Optional.empty(), Optional.of(UUID.randomUUID()), halfMicro);
        Transfer moved = Transfer.move(scope, TransferKind.PAYMENT_APPLIED, AccountCode.billing(), collections,
                Money.of(300, CurrencyCode.USD), Optional.empty(), Optional.empty(), halfMicro.plusSeconds(1));

        transactions.inTransaction(() -> {
            ledger.post(List.of(received, moved));
            return null;
        });

        List<String> rows = nativeSql.query("SELECT t.id, t.kind, t.payment_id, a.code, e.amount_minor,"
                        + " e.created_at = t.created_at AND a.created_at <= t.created_at AS stamped FROM ledger_entries e"
                        + " JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id"
                        + " WHERE t.company_id = ? ORDER BY e.id",
                row -> row.getString("id") + " " + row.getString("kind") + " " + row.getString("payment_id") + " "
                        + row.getString("code") + " " + row.getLong("amount_minor") + " " + row.getBoolean("stamped"),
                scope.companyId().value());
        assertThat(rows).containsExactly(
                received.id() + " PAYMENT_RECEIVED " + received.paymentId().orElseThrow() + " " + collections.value() + " 700 true",
                received.id() + " PAYMENT_RECEIVED " + received.paymentId().orElseThrow() + " billing -700 true",
                moved.id() + " PAYMENT_APPLIED null billing 300 true",
                moved.id() + " PAYMENT_APPLIED null " + collections.value() + " -300 true");
        assertThat(nativeSql.queryOne("SELECT created_at = ? FROM ledger_transfers WHERE id = ?", row -> row.getBoolean(1),
                halfMicro, received.id()).orElseThrow()).as("stored as a single bound instant is").isTrue();
    }

    /** Money received from the partner: collections debited, a payment's own unapplied account credited. */
    private static Transfer received(TenantScope scope, AccountCode collections, long amountMinor) {
        UUID payment = UUID.randomUUID();
        return Transfer.move(scope, TransferKind.PAYMENT_RECEIVED, collections, AccountCode.unappliedPayment(payment),
                Money.of(amountMinor, CurrencyCode.USD), Optional.empty(), Optional.of(payment), Instant.now());
    }

    /** Returns once {@code count} postings wait on another transaction's lock, proving they raced the first. */
    private static void awaitPostingsWaiting(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Sql.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock' AND query LIKE '%recaudo_post_transfers(%'") < count) {
            assertThat(System.nanoTime()).as("%s postings waiting on the new account", count).isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
