package dev.recaudo.persistence.ledger;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The ledger in PostgreSQL. Accounts are created on first use; a transfer is one row and its
 * entries. Triggers refuse any update or delete of posted rows and, at commit, any transfer whose
 * entries do not sum to zero per currency, so the store holds the invariants even against a bug.
 */
@ApplicationScoped
@StoreFailures
public class PgLedger implements Ledger {

    @Inject
    NativeSql nativeSql;

    @Override
    public void post(Transfer transfer) {
        TenantScope scope = transfer.scope();
        nativeSql.update("INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)",
                transfer.id(), scope.companyId().value(), scope.isTest(), transfer.kind().name(),
                transfer.documentId().map(id -> id.value()).orElse(null), transfer.paymentId().orElse(null),
                transfer.createdAt());
        for (Entry entry : transfer.entries()) {
            UUID account = account(scope, entry.account(), entry.amount().currency(), transfer);
            nativeSql.update("INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                            + " VALUES (?, ?, ?, ?, ?)",
                    transfer.id(), account, entry.amount().currency().name(), entry.amount().amountMinor(),
                    transfer.createdAt());
        }
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

    private UUID account(TenantScope scope, AccountCode code, CurrencyCode currency, Transfer transfer) {
        // Two statements on purpose: the second sees a row a concurrent transaction just committed.
        nativeSql.update("INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING",
                UUID.randomUUID(), scope.companyId().value(), scope.isTest(), code.value(), currency.name(),
                transfer.createdAt());
        return nativeSql.queryOne("SELECT id FROM ledger_accounts WHERE company_id = ? AND is_test = ? AND code = ? AND currency = ?",
                        row -> Rows.uuid(row, "id"), scope.companyId().value(), scope.isTest(), code.value(), currency.name())
                .orElseThrow();
    }
}
