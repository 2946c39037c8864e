package dev.recaudo.persistence.report;

import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.report.Collected;
import dev.recaudo.domain.report.CollectionRail;
import dev.recaudo.domain.report.FailingEndpoint;
import dev.recaudo.domain.report.OpenBalance;
import dev.recaudo.domain.report.ReceivablesReports;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The overview's aggregates. A receivable's balance as of a moment is the sum of its ledger
 * entries booked before it (the ledger is append-only, so that sum never changes); its document
 * gives the due date, read as a date in the company's time zone.
 */
@ApplicationScoped
@StoreFailures
public class PgReceivablesReports implements ReceivablesReports {

    /** At most this many endpoints are listed as failing: a list, not an export. */
    static final int FAILING_ENDPOINTS_MAX = 20;

    @Inject
    NativeSql nativeSql;

    @Override
    public List<OpenBalance> openBalances(TenantScope scope, Instant bookedBefore, LocalDate day, ZoneId zone) {
        // A public invoice's due date is a calendar date kept as its midnight in UTC (Channel.dueDay); an
        // integration's is a moment, read as a day of the company's calendar.
        return nativeSql.query("SELECT b.currency, ?::date - (CASE d.channel WHEN 'public_invoice' THEN d.due_at AT TIME ZONE 'UTC'"
                + " ELSE d.due_at AT TIME ZONE ? END)::date AS days_past_due, sum(b.balance) AS amount, count(*) AS documents"
                + " FROM (SELECT a.currency, substr(a.code, length('receivable:') + 1)::uuid AS document_id, sum(e.amount_minor) AS balance"
                + "         FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id"
                + "        WHERE a.company_id = ? AND a.is_test = ? AND a.code LIKE 'receivable:%' AND e.created_at < ?"
                + "        GROUP BY a.id, a.currency, a.code HAVING sum(e.amount_minor) <> 0) b"
                + " JOIN collection_documents d ON d.id = b.document_id AND d.company_id = ? AND d.is_test = ?"
                + " GROUP BY 1, 2", row -> {
                    long days = row.getLong("days_past_due");
                    return new OpenBalance(CurrencyCode.valueOf(row.getString("currency")),
                            row.wasNull() ? OptionalLong.empty() : OptionalLong.of(days), row.getLong("amount"), row.getLong("documents"));
                }, day, zoneName(zone), scope.companyId().value(), scope.isTest(), bookedBefore, scope.companyId().value(),
                scope.isTest());
    }

    @Override
    public List<Collected> collected(TenantScope scope, Instant from, Instant until) {
        Map<List<Object>, Collected> merged = new LinkedHashMap<>();
        nativeSql.query("SELECT kind, currency, CASE WHEN provider_payment_id LIKE '" + CollectionRail.BANK_TRANSFER_PREFIX + "%'"
                + " THEN '" + CollectionRail.BANK_TRANSFER_PREFIX + "' WHEN provider_payment_id IS NULL THEN NULL ELSE 'processor' END"
                + " AS named_by, sum(amount_minor) AS amount, count(*) AS payments"
                + " FROM payments WHERE company_id = ? AND is_test = ? AND created_at >= ? AND created_at < ?"
                + " GROUP BY 1, 2, 3 ORDER BY 2, 1", row -> new Collected(
                        CollectionRail.of(PaymentKind.valueOf(row.getString("kind")), Optional.ofNullable(row.getString("named_by"))),
                        CurrencyCode.valueOf(row.getString("currency")), row.getLong("amount"), row.getLong("payments")),
                scope.companyId().value(), scope.isTest(), from, until)
                .forEach(collected -> merged.merge(List.of(collected.rail(), collected.currency()), collected,
                        (one, other) -> new Collected(one.rail(), one.currency(), Math.addExact(one.amountMinor(), other.amountMinor()),
                                one.payments() + other.payments())));
        return new ArrayList<>(merged.values());
    }

    @Override
    public List<FailingEndpoint> failingEndpoints(TenantScope scope, Instant deadSince) {
        return nativeSql.query("SELECT e.id, e.url, count(*) FILTER (WHERE d.status = 'PENDING') AS retrying,"
                + " count(*) FILTER (WHERE d.status = 'DEAD') AS dead, max(d.updated_at) AS last_failure_at"
                + " FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id"
                + " WHERE e.company_id = ? AND e.is_test = ? AND e.deleted_at IS NULL"
                + " AND ((d.status = 'PENDING' AND d.attempts > 0) OR (d.status = 'DEAD' AND d.updated_at >= ?))"
                + " GROUP BY e.id, e.url ORDER BY count(*) DESC, e.id LIMIT " + FAILING_ENDPOINTS_MAX,
                row -> new FailingEndpoint(uuid(row, "id"), row.getString("url"), row.getLong("retrying"), row.getLong("dead"),
                        optionalInstant(row, "last_failure_at")),
                scope.companyId().value(), scope.isTest(), deadSince);
    }

    /** The zone as PostgreSQL names it: Java calls UTC "Z". */
    private static String zoneName(ZoneId zone) {
        return zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }
}
