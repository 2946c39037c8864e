package dev.recaudo.persistence.banktransfer;

import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The {@code payer_reports} table. A report takes the first free open slot of its checkout (unique
 * while open), each in a transaction of its own, so that however many posts race, a checkout never holds more than its open reports.
 */
@ApplicationScoped
@StoreFailures
public class PgPayerReports implements PayerReports {

    private static final String SELECT = "SELECT r.id, r.company_id, r.checkout_id, r.bank, r.phone, r.bank_reference,"
            + " r.paid_on, r.amount_minor, r.currency, r.status, r.created_at FROM payer_reports r";

    @Inject
    NativeSql nativeSql;

    @Override
    public boolean insert(PayerReport report, int openMax) {
        for (int slot = 1; slot <= openMax; slot++) {
            int taken = slot;
            int inserted = QuarkusTransaction.requiringNew().call(() -> nativeSql.update("INSERT INTO payer_reports (id, company_id, checkout_id, slot, bank, phone,"
                            + " bank_reference, paid_on, amount_minor, currency, status, created_at)"
                            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    report.id(), report.companyId().value(), report.checkoutId(), taken, report.bank(), report.phone(),
                    report.bankReference(), report.paidOn(), report.amount().amountMinor(), report.amount().currency().name(),
                    report.status(), report.createdAt()));
            if (inserted == 1) {
                return true;
            }
            if (nativeSql.queryOne("SELECT 1 AS one FROM payer_reports WHERE checkout_id = ? AND bank_reference = ?"
                    + " AND status = 'OPEN'", row -> 1, report.checkoutId(), report.bankReference()).isPresent()) {
                return false;
            }
        }
        return false;
    }

    @Override
    public List<PayerReport> openOf(UUID checkoutId) {
        return nativeSql.query(SELECT + " WHERE r.checkout_id = ? AND r.status = 'OPEN' ORDER BY r.created_at, r.id",
                PgPayerReports::report, checkoutId);
    }

    @Override
    public List<PayerReport> openClaims(CompanyId companyId, CurrencyCode currency, int limit) {
        return nativeSql.query(SELECT + " JOIN checkouts c ON c.id = r.checkout_id WHERE r.company_id = ? AND r.currency = ?"
                        + " AND r.status = 'OPEN' AND c.status = 'PENDING' AND NOT c.is_test ORDER BY r.created_at, r.id LIMIT ?",
                PgPayerReports::report, companyId.value(), currency.name(), limit);
    }

    @Override
    public void matched(CompanyId companyId, UUID reportId, UUID entryId, Instant now) {
        nativeSql.update("UPDATE payer_reports SET status = 'MATCHED', matched_entry_id = ?, matched_at = ?"
                + " WHERE company_id = ? AND id = ? AND status = 'OPEN'", entryId, now, companyId.value(), reportId);
    }

    private static PayerReport report(ResultSet row) throws SQLException {
        return new PayerReport(Rows.uuid(row, "id"), new CompanyId(Rows.uuid(row, "company_id")), Rows.uuid(row, "checkout_id"),
                row.getString("bank"), row.getString("phone"), row.getString("bank_reference"),
                row.getDate("paid_on").toLocalDate(),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))), row.getString("status"),
                Rows.instant(row, "created_at"));
    }
}
