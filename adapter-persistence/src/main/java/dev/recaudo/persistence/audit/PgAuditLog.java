package dev.recaudo.persistence.audit;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * The audit trail in PostgreSQL. Each record is written in a transaction of its own, after the
 * request's transaction ended, so even a rolled-back request leaves its record.
 */
@ApplicationScoped
@StoreFailures
public class PgAuditLog implements AuditLog {

    @Inject
    NativeSql nativeSql;

    @Override
    public void record(AuditRecord record) {
        QuarkusTransaction.requiringNew().run(() -> nativeSql.update(
                "INSERT INTO audit_records (id, company_id, is_test, partner, request_id, api_key_id, operation, http_status,"
                        + " outcome, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                record.id(), record.scope().companyId().value(), record.scope().isTest(), record.partner().name(),
                record.requestId(), record.apiKeyId().orElse(null), record.operation(), record.httpStatus(), record.outcome(),
                record.detail().map(d -> d.length() > 2000 ? d.substring(0, 2000) : d).orElse(null), record.createdAt()));
    }

    @Override
    public List<AuditRecord> byRequestId(TenantScope scope, PartnerScope partner, String requestId) {
        return nativeSql.query("SELECT * FROM audit_records WHERE company_id = ? AND is_test = ? AND partner = ?"
                        + " AND request_id = ? ORDER BY created_at, id",
                row -> new AuditRecord(uuid(row, "id"), Rows.scope(row), partner,
                        row.getString("request_id"), Optional.ofNullable(uuid(row, "api_key_id")), row.getString("operation"),
                        row.getInt("http_status"), row.getString("outcome"), Optional.ofNullable(row.getString("detail")),
                        instant(row, "created_at")),
                scope.companyId().value(), scope.isTest(), partner.name(), requestId);
    }
}
