package dev.recaudo.persistence.banktransfer;

import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code bank_statements} and {@code bank_statement_entries} tables. */
@ApplicationScoped
@StoreFailures
public class PgBankStatements implements BankStatements {

    private static final String COLUMNS = "id, account_id, statement_ref, format, opening_minor, closing_minor,"
            + " previous_closing_minor, gap, status, failure, entries_new, entries_seen, matched, proposed, unmatched, created_at";

    @Inject
    NativeSql nativeSql;

    @Override
    public Optional<Long> lastClosingMinor(CompanyId companyId, UUID accountId) {
        return nativeSql.queryOne("SELECT closing_minor FROM bank_statements WHERE company_id = ? AND account_id = ?"
                        + " AND closing_minor IS NOT NULL AND status <> 'FAILED' ORDER BY created_at DESC, id LIMIT 1",
                row -> row.getLong(1), companyId.value(), accountId);
    }

    @Override
    public void open(CompanyId companyId, StatementSummary statement) {
        nativeSql.update("INSERT INTO bank_statements (id, company_id, account_id, statement_ref, format, opening_minor,"
                        + " closing_minor, previous_closing_minor, gap, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                statement.id(), companyId.value(), statement.accountId(), statement.statementRef(), statement.format(),
                statement.openingMinor().orElse(null), statement.closingMinor().orElse(null),
                statement.previousClosingMinor().orElse(null), statement.gap(), statement.status(), statement.importedAt());
    }

    @Override
    public boolean insertEntry(CompanyId companyId, UUID accountId, UUID statementId, UUID entryId, StatementLine line,
            String identity, Instant now) {
        return nativeSql.update("INSERT INTO bank_statement_entries (id, company_id, account_id, statement_id, line_number,"
                        + " identity, credit, reversal, amount_minor, currency, booking_date, value_date, bank_reference,"
                        + " end_to_end_id, remittance, payer_name, payer_id, status, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'UNMATCHED', ?)"
                        + " ON CONFLICT (account_id, identity) DO NOTHING",
                entryId, companyId.value(), accountId, statementId, line.lineNumber(), identity, line.credit(), line.reversal(),
                line.amount().amountMinor(), line.amount().currency().name(), line.bookingDate(),
                line.valueDate().orElse(null), line.bankReference().orElse(null), line.endToEndId().orElse(null),
                line.remittance(), line.payerName().orElse(null), line.payerId().orElse(null), now) == 1;
    }

    @Override
    public void markEntry(CompanyId companyId, UUID entryId, String status, Optional<UUID> checkoutId) {
        nativeSql.update("UPDATE bank_statement_entries SET status = ?, checkout_id = ? WHERE company_id = ? AND id = ?", status,
                checkoutId.orElse(null), companyId.value(), entryId);
    }

    @Override
    public Optional<ReversibleCredit> lockReversibleCredit(CompanyId companyId, UUID accountId, StatementLine reversal) {
        String column = reversal.bankReference().isPresent() ? "bank_reference" : "end_to_end_id";
        Optional<String> named = reversal.bankReference().or(() -> reversal.endToEndId()
                .filter(id -> !"NOTPROVIDED".equalsIgnoreCase(id)));
        if (named.isEmpty()) {
            return Optional.empty();
        }
        return nativeSql.queryOne("SELECT id, bank_reference, checkout_id FROM bank_statement_entries WHERE company_id = ?"
                        + " AND account_id = ? AND credit AND NOT reversal AND status IN ('MATCHED', 'CREDITED')"
                        + " AND amount_minor = ? AND currency = ? AND " + column + " = ? ORDER BY created_at, id LIMIT 1 FOR UPDATE",
                row -> new ReversibleCredit(Rows.uuid(row, "id"), Optional.ofNullable(row.getString("bank_reference")),
                        Optional.ofNullable(Rows.uuid(row, "checkout_id"))),
                companyId.value(), accountId, reversal.amount().amountMinor(), reversal.amount().currency().name(), named.get());
    }

    @Override
    public void count(CompanyId companyId, UUID statementId, Counts counts) {
        nativeSql.update("UPDATE bank_statements SET entries_new = entries_new + ?, entries_seen = entries_seen + ?,"
                        + " matched = matched + ?, proposed = proposed + ?, unmatched = unmatched + ? WHERE company_id = ? AND id = ?",
                counts.entriesNew(), counts.entriesSeen(), counts.matched(), counts.proposed(), counts.unmatched(),
                companyId.value(), statementId);
    }

    @Override
    public void finish(CompanyId companyId, UUID statementId, Optional<String> failure, Instant now) {
        nativeSql.update("UPDATE bank_statements SET status = ?, failure = ?, completed_at = ? WHERE company_id = ? AND id = ?",
                failure.isPresent() ? "FAILED" : "IMPORTED", failure.orElse(null), now, companyId.value(), statementId);
    }

    @Override
    public Optional<StatementSummary> find(CompanyId companyId, UUID statementId) {
        return nativeSql.queryOne("SELECT " + COLUMNS + " FROM bank_statements WHERE company_id = ? AND id = ?",
                PgBankStatements::summary, companyId.value(), statementId);
    }

    @Override
    public List<StatementSummary> list(CompanyId companyId, int limit) {
        return nativeSql.query("SELECT " + COLUMNS + " FROM bank_statements WHERE company_id = ? ORDER BY created_at DESC, id"
                + " LIMIT ?", PgBankStatements::summary, companyId.value(), limit);
    }

    private static StatementSummary summary(ResultSet row) throws SQLException {
        return new StatementSummary(Rows.uuid(row, "id"), Rows.uuid(row, "account_id"), row.getString("statement_ref"),
                row.getString("format"), optionalLong(row, "opening_minor"), optionalLong(row, "closing_minor"),
                optionalLong(row, "previous_closing_minor"), row.getBoolean("gap"), row.getString("status"),
                Optional.ofNullable(row.getString("failure")),
                new Counts(row.getInt("entries_new"), row.getInt("entries_seen"), row.getInt("matched"), row.getInt("proposed"),
                        row.getInt("unmatched")), Rows.instant(row, "created_at"));
    }

    private static Optional<Long> optionalLong(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? Optional.empty() : Optional.of(value);
    }
}
