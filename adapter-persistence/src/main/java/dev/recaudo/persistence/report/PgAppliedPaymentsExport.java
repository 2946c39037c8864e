package dev.recaudo.persistence.report;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.report.AppliedPaymentsExport;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Array;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/** The applications of a period with their payment, document and ledger entries, through a cursor of {@link #BATCH} rows. */
@ApplicationScoped
@StoreFailures
public class PgAppliedPaymentsExport implements AppliedPaymentsExport {

    static final int BATCH = 1000;

    @Inject
    NativeSql nativeSql;

    @Override
    public void each(TenantScope scope, Instant from, Instant until, Consumer<Applied> each) {
        nativeSql.stream("SELECT a.applied_at, p.source, p.kind, p.external_payment_id, d.source AS document_source,"
                + " d.external_document_id, coalesce(d.invoice_number, d.name) AS document_number, a.currency, a.amount_minor,"
                + " a.transfer_id, (SELECT array_agg(e.id ORDER BY e.id) FROM ledger_entries e WHERE e.transfer_id = a.transfer_id)"
                + " AS entry_ids"
                + " FROM payment_applications a JOIN payments p ON p.id = a.payment_id JOIN collection_documents d ON d.id = a.document_id"
                + " WHERE a.company_id = ? AND a.is_test = ? AND a.applied_at >= ? AND a.applied_at < ?"
                + " ORDER BY a.applied_at, a.id", BATCH, row -> {
                    Array entries = row.getArray("entry_ids");
                    List<Long> entryIds = entries == null ? List.of() : Arrays.stream((Long[]) entries.getArray()).toList();
                    return new Applied(instant(row, "applied_at"), row.getString("source"), PaymentKind.valueOf(row.getString("kind")),
                            row.getString("external_payment_id"), row.getString("document_source"), row.getString("external_document_id"),
                            row.getString("document_number"),
                            Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                            uuid(row, "transfer_id"), entryIds);
                }, each, scope.companyId().value(), scope.isTest(), from, until);
    }
}
