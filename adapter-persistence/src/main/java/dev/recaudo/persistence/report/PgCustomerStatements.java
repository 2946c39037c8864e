package dev.recaudo.persistence.report;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.CustomerStatements;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A customer's ledger accounts are the receivables of its documents and its credit account; both
 * are found through the ledger's unique index by code, the documents through their customer.
 */
@ApplicationScoped
@StoreFailures
public class PgCustomerStatements implements CustomerStatements {

    private static final String ACCOUNTS = "WITH accounts AS (SELECT a.id FROM ledger_accounts a"
            + " WHERE a.company_id = ? AND a.is_test = ? AND (a.code = ? OR a.code IN (SELECT 'receivable:' || d.id"
            + " FROM collection_documents d WHERE d.customer_id = ? AND d.company_id = ? AND d.is_test = ?))) ";

    @Inject
    NativeSql nativeSql;

    @Override
    public List<Opening> openings(TenantScope scope, UUID companyCustomerId, Instant before) {
        return nativeSql.query(ACCOUNTS + "SELECT e.currency, sum(e.amount_minor) AS amount FROM accounts a"
                + " JOIN ledger_entries e ON e.account_id = a.id WHERE e.created_at < ? GROUP BY e.currency",
                row -> new Opening(CurrencyCode.valueOf(row.getString("currency")), row.getLong("amount")),
                parameters(scope, companyCustomerId, before));
    }

    @Override
    public List<StatementEntry> entries(TenantScope scope, UUID companyCustomerId, Instant from, Instant until, int limit) {
        return nativeSql.query(ACCOUNTS + "SELECT e.id, e.created_at, t.kind, e.currency, e.amount_minor,"
                + " coalesce(d.invoice_number, d.name) AS document, p.external_payment_id AS payment,"
                + " coalesce(p.paid_at, d.issue_date) AS value_at"
                + " FROM accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transfers t ON t.id = e.transfer_id"
                + " LEFT JOIN collection_documents d ON d.id = t.document_id LEFT JOIN payments p ON p.id = t.payment_id"
                + " WHERE e.created_at >= ? AND e.created_at < ? ORDER BY e.id LIMIT ?",
                row -> new StatementEntry(row.getLong("id"), instant(row, "created_at"), TransferKind.valueOf(row.getString("kind")),
                        CurrencyCode.valueOf(row.getString("currency")), row.getLong("amount_minor"),
                        Optional.ofNullable(row.getString("document")), Optional.ofNullable(row.getString("payment")),
                        optionalInstant(row, "value_at")),
                parameters(scope, companyCustomerId, from, until, limit));
    }

    private static Object[] parameters(TenantScope scope, UUID companyCustomerId, Object... more) {
        Object[] accounts = {scope.companyId().value(), scope.isTest(), AccountCode.customerCredit(companyCustomerId).value(),
            companyCustomerId, scope.companyId().value(), scope.isTest()};
        Object[] all = new Object[accounts.length + more.length];
        System.arraycopy(accounts, 0, all, 0, accounts.length);
        System.arraycopy(more, 0, all, accounts.length, more.length);
        return all;
    }
}
