package dev.recaudo.e2e.invoices;

import dev.recaudo.e2e.support.Sql;

/** Reads ledger balances directly from the entries, independently of the service's code. */
public final class LedgerChecks {

    private LedgerChecks() {}

    public static long receivableMinor(String documentId) {
        return accountMinor("receivable:" + documentId);
    }

    public static long accountMinor(String code) {
        return Sql.count("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a"
                + " ON a.id = e.account_id WHERE a.code = ?", code);
    }

    public static long accountMinor(String code, String currency) {
        return Sql.count("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a"
                + " ON a.id = e.account_id WHERE a.code = ? AND a.currency = ?", code, currency);
    }

    /** For accounts every company has (billing, currency_exchange): one company's balance. */
    public static long accountMinor(java.util.UUID companyId, String code, String currency) {
        return Sql.count("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a"
                + " ON a.id = e.account_id WHERE a.company_id = ? AND a.code = ? AND a.currency = ?", companyId, code, currency);
    }
}
