package dev.recaudo.persistence.report;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.report.DocumentTrail;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * A document's trail: the entries of the ledger transfers that name it, and the deliveries of its
 * events (a delivery names the document it is about, {@code aggregate_id}) with each one's last attempt.
 */
@ApplicationScoped
@StoreFailures
public class PgDocumentTrail implements DocumentTrail {

    @Inject
    NativeSql nativeSql;

    @Override
    public List<BookedEntry> entries(TenantScope scope, DocumentId document) {
        return nativeSql.query("SELECT e.id, e.transfer_id, t.kind, a.code, e.currency, e.amount_minor, e.created_at"
                + " FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id"
                + " WHERE t.document_id = ? AND t.company_id = ? AND t.is_test = ? ORDER BY e.id",
                row -> new BookedEntry(row.getLong("id"), uuid(row, "transfer_id"), TransferKind.valueOf(row.getString("kind")),
                        row.getString("code"), Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                        instant(row, "created_at")),
                document.value(), scope.companyId().value(), scope.isTest());
    }

    @Override
    public List<EventDelivery> deliveries(TenantScope scope, DocumentId document) {
        return nativeSql.query("SELECT d.id, d.event_id, o.type, o.created_at AS event_at, d.endpoint_id, w.url, d.status, d.attempts,"
                + " (SELECT a.status_code FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.attempted_at DESC, a.id DESC"
                + "   LIMIT 1) AS last_status_code, d.updated_at"
                + " FROM webhook_deliveries d JOIN outbox_events o ON o.id = d.event_id JOIN webhook_endpoints w ON w.id = d.endpoint_id"
                + " WHERE d.aggregate_id = ? AND d.company_id = ? AND o.is_test = ? ORDER BY d.seq DESC LIMIT " + DELIVERIES_MAX,
                row -> {
                    int code = row.getInt("last_status_code");
                    Optional<Integer> lastStatusCode = row.wasNull() ? Optional.empty() : Optional.of(code);
                    return new EventDelivery(uuid(row, "id"), uuid(row, "event_id"), row.getString("type"), instant(row, "event_at"),
                            uuid(row, "endpoint_id"), row.getString("url"), row.getString("status"), row.getInt("attempts"),
                            lastStatusCode, instant(row, "updated_at"));
                },
                document.value(), scope.companyId().value(), scope.isTest());
    }
}
