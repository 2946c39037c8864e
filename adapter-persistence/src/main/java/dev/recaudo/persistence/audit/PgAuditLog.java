package dev.recaudo.persistence.audit;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The audit trail in PostgreSQL. A record is written either inside the transaction of the work it
 * records, sharing its commit, or in a transaction of its own after the request's transaction
 * ended, so that even a rolled-back request leaves its record.
 */
@ApplicationScoped
@StoreFailures
public class PgAuditLog implements AuditLog {

    private static final int DETAIL_LENGTH_MAX = 2000;

    @Inject
    NativeSql nativeSql;

    @Override
    public void record(AuditRecord record) {
        QuarkusTransaction.requiringNew().run(() -> insert(record));
    }

    @Override
    public void recordWithWork(AuditRecord record) {
        insert(record);
    }

    /**
     * Inserted only when the company exists: an operator's action on an id that names no company has
     * nowhere to be filed, and must not fail on the foreign key after the answer was decided.
     */
    private void insert(AuditRecord record) {
        AuditActor actor = record.actor();
        AuditActor.PartnerKey key = actor instanceof AuditActor.PartnerKey k ? k : null;
        nativeSql.defer(
                "INSERT INTO audit_records (id, company_id, is_test, partner, request_id, api_key_id, operation, http_status,"
                        + " outcome, detail, created_at, actor_kind, admin_user_id, target_id)"
                        + " SELECT ?::uuid, c.id, ?::boolean, ?::text, ?::text, ?::uuid, ?::text, ?::integer, ?::text, ?::text,"
                        + " ?::timestamptz, ?::text, ?::uuid, ?::uuid FROM companies c WHERE c.id = ?",
                record.id(), key == null ? null : key.environment() == KeyEnvironment.TEST, key == null ? null : key.partner().name(),
                record.requestId(), key == null ? null : key.keyId().value(), record.operation(), record.httpStatus(),
                record.outcome(), record.detail().map(PgAuditLog::bounded).orElse(null), record.createdAt(), actor.kind(),
                actor instanceof AuditActor.Administrator admin ? admin.adminUserId().value() : null,
                record.targetId().orElse(null), record.company().value());
    }

    @Override
    public List<AuditRecord> byRequestId(TenantScope scope, PartnerScope partner, String requestId) {
        return nativeSql.query("SELECT * FROM audit_records WHERE company_id = ? AND is_test = ? AND partner = ?"
                        + " AND request_id = ? ORDER BY created_at, id",
                row -> record(row, new AuditActor.PartnerKey(new ApiKeyId(uuid(row, "api_key_id")), partner,
                        scope.environment())),
                scope.companyId().value(), scope.isTest(), partner.name(), requestId);
    }

    @Override
    public AdministrationPage administration(CompanyId company, AdministrationFilter filter, Optional<Position> after, int limit) {
        DynamicSql sql = new DynamicSql("SELECT * FROM audit_records WHERE company_id = ? AND actor_kind <> 'api_key'", company.value())
                .when(filter.person().map(AdminUserId::value), " AND admin_user_id = ?")
                .when(filter.operation().map(DynamicSql::containing), " AND operation ILIKE ?")
                .when(filter.from(), " AND created_at >= ?")
                .when(filter.until(), " AND created_at < ?");
        after.ifPresent(position -> sql.append(" AND (created_at, id) < (?, ?)", position.createdAt(), position.id()));
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT ?", limit + 1);
        List<AuditRecord> rows = nativeSql.query(sql, row -> record(row, administrationActor(row)));
        boolean hasMore = rows.size() > limit;
        return new AdministrationPage(hasMore ? rows.subList(0, limit) : rows, hasMore);
    }

    private static AuditActor administrationActor(ResultSet row) throws SQLException {
        return "admin".equals(row.getString("actor_kind"))
                ? new AuditActor.Administrator(new AdminUserId(uuid(row, "admin_user_id")))
                : new AuditActor.Operator();
    }

    private static AuditRecord record(ResultSet row, AuditActor actor) throws SQLException {
        return new AuditRecord(uuid(row, "id"), new CompanyId(uuid(row, "company_id")), actor, row.getString("request_id"),
                row.getString("operation"), Optional.ofNullable(uuid(row, "target_id")), row.getInt("http_status"),
                row.getString("outcome"), Optional.ofNullable(row.getString("detail")), instant(row, "created_at"));
    }

    private static String bounded(String detail) {
        return detail.length() > DETAIL_LENGTH_MAX ? detail.substring(0, DETAIL_LENGTH_MAX) : detail;
    }
}
