package dev.recaudo.persistence.banktransfer;

import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code reconciliation_proposals} table, read with the entry each proposal is of. */
@ApplicationScoped
@StoreFailures
public class PgProposals implements Proposals {

    private static final String SELECT = "SELECT p.id, p.entry_id, p.checkout_id, p.confidence, p.reason, p.status, p.created_at,"
            + " p.first_confirmed_by,"
            + " e.line_number, e.amount_minor, e.currency, e.credit, e.reversal, e.booking_date, e.value_date, e.bank_reference,"
            + " e.end_to_end_id, e.remittance, e.payer_name, e.payer_id"
            + " FROM reconciliation_proposals p JOIN bank_statement_entries e ON e.id = p.entry_id";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(CompanyId companyId, UUID proposalId, UUID entryId, UUID checkoutId, int confidence, String reason,
            Instant now) {
        nativeSql.update("INSERT INTO reconciliation_proposals (id, company_id, entry_id, checkout_id, confidence, reason, status,"
                        + " created_at) VALUES (?, ?, ?, ?, ?, ?, 'OPEN', ?) ON CONFLICT (entry_id, checkout_id) DO NOTHING",
                proposalId, companyId.value(), entryId, checkoutId, confidence, reason, now);
    }

    @Override
    public List<Proposal> open(CompanyId companyId, int limit) {
        return nativeSql.query(SELECT + " WHERE p.company_id = ? AND p.status = 'OPEN' ORDER BY p.created_at, p.id LIMIT ?",
                PgProposals::proposal, companyId.value(), limit);
    }

    @Override
    public Optional<Proposal> lock(CompanyId companyId, UUID proposalId) {
        return nativeSql.queryOne(SELECT + " WHERE p.company_id = ? AND p.id = ? FOR UPDATE OF p", PgProposals::proposal,
                companyId.value(), proposalId);
    }

    @Override
    public void decide(CompanyId companyId, UUID proposalId, String status, Instant now) {
        nativeSql.update("UPDATE reconciliation_proposals SET status = ?, decided_at = ? WHERE company_id = ? AND id = ?"
                + " AND status = 'OPEN'", status, now, companyId.value(), proposalId);
    }

    @Override
    public void confirmFirst(CompanyId companyId, UUID proposalId, UUID by, Instant now) {
        nativeSql.update("UPDATE reconciliation_proposals SET first_confirmed_by = ?, first_confirmed_at = ? WHERE company_id = ?"
                + " AND id = ? AND status = 'OPEN' AND first_confirmed_by IS NULL", by, now, companyId.value(), proposalId);
    }

    @Override
    public Optional<String> lockEntryOf(CompanyId companyId, UUID proposalId) {
        return nativeSql.queryOne("SELECT e.status FROM bank_statement_entries e WHERE e.company_id = ? AND e.id ="
                        + " (SELECT p.entry_id FROM reconciliation_proposals p WHERE p.company_id = ? AND p.id = ?) FOR UPDATE",
                row -> row.getString(1), companyId.value(), companyId.value(), proposalId);
    }

    @Override
    public void supersedeOthers(CompanyId companyId, UUID entryId, UUID confirmedId, Instant now) {
        nativeSql.update("UPDATE reconciliation_proposals SET status = 'SUPERSEDED', decided_at = ? WHERE company_id = ?"
                + " AND entry_id = ? AND id <> ? AND status = 'OPEN'", now, companyId.value(), entryId, confirmedId);
    }

    @Override
    public List<UUID> pendingOfAmount(TenantScope scope, Money amount, int limit) {
        return nativeSql.query("SELECT id FROM checkouts WHERE company_id = ? AND is_test = ? AND status = 'PENDING'"
                        + " AND amount_minor = ? AND currency = ? ORDER BY created_at, id LIMIT ?", row -> Rows.uuid(row, "id"),
                scope.companyId().value(), scope.isTest(), amount.amountMinor(), amount.currency().name(), limit);
    }

    @Override
    public List<Pending> pendingOfTaxId(TenantScope scope, String taxIdNormalized, CurrencyCode currency, int limit) {
        return nativeSql.query("SELECT k.id, k.amount_minor, k.currency FROM checkouts k"
                        + " JOIN collection_documents d ON d.id = k.document_id"
                        + " JOIN customers c ON c.id = d.customer_id"
                        + " WHERE k.company_id = ? AND k.is_test = ? AND k.status = 'PENDING' AND k.currency = ?"
                        + " AND c.tax_id_normalized = ? ORDER BY k.created_at, k.id LIMIT ?",
                row -> new Pending(Rows.uuid(row, "id"),
                        Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency")))),
                scope.companyId().value(), scope.isTest(), currency.name(), taxIdNormalized, limit);
    }

    @Override
    public List<UUID> pendingOfAmountDueNear(TenantScope scope, Money amount, LocalDate date, int days, int limit) {
        return nativeSql.query("SELECT id FROM checkouts WHERE company_id = ? AND is_test = ? AND status = 'PENDING'"
                        + " AND amount_minor = ? AND currency = ? AND due_at IS NOT NULL"
                        + " AND (due_at AT TIME ZONE 'UTC')::date BETWEEN ?::date AND ?::date"
                        + " ORDER BY abs((due_at AT TIME ZONE 'UTC')::date - ?::date), created_at, id LIMIT ?",
                row -> Rows.uuid(row, "id"), scope.companyId().value(), scope.isTest(), amount.amountMinor(),
                amount.currency().name(), date.minusDays(days).toString(), date.plusDays(days).toString(), date.toString(), limit);
    }

    private static Proposal proposal(ResultSet row) throws SQLException {
        Date valueDate = row.getDate("value_date");
        StatementLine line = new StatementLine(row.getInt("line_number"),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))), row.getBoolean("credit"),
                row.getBoolean("reversal"), row.getDate("booking_date").toLocalDate(),
                Optional.ofNullable(valueDate).map(Date::toLocalDate), Optional.ofNullable(row.getString("bank_reference")),
                Optional.ofNullable(row.getString("end_to_end_id")), row.getString("remittance"),
                Optional.ofNullable(row.getString("payer_name")), Optional.ofNullable(row.getString("payer_id")));
        return new Proposal(Rows.uuid(row, "id"), Rows.uuid(row, "entry_id"), Rows.uuid(row, "checkout_id"),
                row.getInt("confidence"), row.getString("reason"), row.getString("status"), line, Rows.instant(row, "created_at"),
                Optional.ofNullable(Rows.uuid(row, "first_confirmed_by")));
    }
}
