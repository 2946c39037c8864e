package dev.recaudo.persistence.ledger;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The ledger in PostgreSQL. Accounts are created on first use; a transfer is one row and its
 * entries. Triggers refuse any update or delete of posted rows and, at commit, any transfer whose
 * entries do not sum to zero per currency, so the store holds the invariants even against a bug.
 */
@ApplicationScoped
@StoreFailures
public class PgLedger implements Ledger {

    /**
     * Every transfer and its entries, each entry's account created on its first use, in one round
     * trip (V0078): the same inserts as one statement each would make, run inside the server, where
     * each takes a fresh snapshot and so still sees an account a concurrent first use just committed.
     */
    private static final String POST = "SELECT recaudo_post_transfers(?::uuid[], ?::uuid[], ?::boolean[], ?::text[],"
            + " ?::uuid[], ?::uuid[], ?::timestamptz[], ?::integer[], ?::text[], ?::text[], ?::bigint[])";

    @Inject
    NativeSql nativeSql;

    @Override
    public void post(Transfer transfer) {
        post(List.of(transfer));
    }

    /** One round trip for all of them, transfers and entries as columns of arrays (one element each). */
    @Override
    public void post(List<Transfer> transfers) {
        if (transfers.isEmpty()) {
            return;
        }
        List<Transfer> posted = List.copyOf(transfers);
        List<Entry> entries = posted.stream().flatMap(transfer -> transfer.entries().stream()).toList();
        List<String> entryTransfers = new ArrayList<>();
        for (int t = 0; t < posted.size(); t++) {
            entryTransfers.addAll(Collections.nCopies(posted.get(t).entries().size(), Integer.toString(t + 1)));
        }
        nativeSql.defer(POST,
                column(posted, transfer -> transfer.id().toString()),
                column(posted, transfer -> transfer.scope().companyId().value().toString()),
                column(posted, transfer -> Boolean.toString(transfer.scope().isTest())),
                column(posted, transfer -> transfer.kind().name()),
                column(posted, transfer -> transfer.documentId().map(id -> id.value().toString()).orElse(null)),
                column(posted, transfer -> transfer.paymentId().map(UUID::toString).orElse(null)),
                column(posted, transfer -> asBound(transfer.createdAt())),
                new NativeSql.TextArray(entryTransfers),
                column(entries, entry -> entry.account().value()),
                column(entries, entry -> entry.amount().currency().name()),
                column(entries, entry -> Long.toString(entry.amount().amountMinor())));
    }

    @Override
    public Money balance(TenantScope scope, AccountCode account, CurrencyCode currency) {
        long sum = nativeSql.queryOne("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e"
                        + " JOIN ledger_accounts a ON a.id = e.account_id"
                        + " WHERE a.company_id = ? AND a.is_test = ? AND a.code = ? AND a.currency = ?",
                        row -> row.getLong(1), scope.companyId().value(), scope.isTest(), account.value(), currency.name())
                .orElse(0L);
        return Money.of(sum, currency);
    }

    @Override
    public Map<AccountCode, List<Money>> balances(TenantScope scope, Collection<AccountCode> accounts) {
        Map<AccountCode, List<Money>> balances = new LinkedHashMap<>();
        if (accounts.isEmpty()) {
            return balances;
        }
        nativeSql.query("SELECT a.code, a.currency, coalesce(sum(e.amount_minor), 0) AS balance_minor FROM ledger_accounts a"
                        + " LEFT JOIN ledger_entries e ON e.account_id = a.id"
                        + " WHERE a.company_id = ? AND a.is_test = ? AND a.code = ANY (?)"
                        + " GROUP BY a.code, a.currency ORDER BY a.code, a.currency",
                row -> balances.computeIfAbsent(new AccountCode(row.getString("code")), code -> new ArrayList<>())
                        .add(Money.of(row.getLong("balance_minor"), CurrencyCode.valueOf(row.getString("currency")))),
                scope.companyId().value(), scope.isTest(),
                new NativeSql.TextArray(accounts.stream().map(AccountCode::value).toList()));
        balances.replaceAll((code, amounts) -> List.copyOf(amounts));
        return balances;
    }

    private static <T> NativeSql.TextArray column(List<T> rows, Function<T, String> value) {
        return new NativeSql.TextArray(rows.stream().map(value).toList());
    }

    /**
     * An instant as the driver binds one alone: rounded to the microsecond, half up, which is
     * PostgreSQL's precision. In text, so that an array of them round-trips exactly.
     */
    private static String asBound(Instant instant) {
        return instant.plusNanos(500).truncatedTo(ChronoUnit.MICROS).toString();
    }
}
