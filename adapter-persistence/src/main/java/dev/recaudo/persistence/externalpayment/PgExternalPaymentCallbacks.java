package dev.recaudo.persistence.externalpayment;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.persistence.common.EventBodies;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.NativeSql.TextArray;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** External payment callbacks in PostgreSQL: the body is rendered once, when the completion queues it. */
@ApplicationScoped
@StoreFailures
public class PgExternalPaymentCallbacks implements ExternalPaymentCallbacks {

    /** The column's bound. */
    private static final int ERROR_LENGTH_MAX = 500;

    @Inject
    NativeSql nativeSql;

    @Override
    public void queue(CallbackRequest request) {
        nativeSql.update("INSERT INTO external_payment_callbacks (id, external_payment_id, company_id, is_test, url, body, status,"
                        + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)",
                request.id(), request.externalPaymentId(), request.scope().companyId().value(), request.scope().isTest(),
                request.url(), EventBodies.render(request.body()), request.createdAt(), request.createdAt());
    }

    @Override
    public Map<UUID, List<CallbackAttempt>> attemptsOf(TenantScope scope, Collection<UUID> externalPaymentIds) {
        Map<UUID, List<CallbackAttempt>> attempts = new HashMap<>();
        if (externalPaymentIds.isEmpty()) {
            return attempts;
        }
        nativeSql.query("SELECT * FROM external_payment_callbacks WHERE company_id = ? AND is_test = ?"
                        + " AND external_payment_id = ANY (?::uuid[]) AND status <> 'queued' ORDER BY attempted_at, id",
                row -> attempts.computeIfAbsent(uuid(row, "external_payment_id"), id -> new ArrayList<>())
                        .add(attempt(row)),
                scope.companyId().value(), scope.isTest(),
                new TextArray(externalPaymentIds.stream().map(UUID::toString).toList()));
        attempts.replaceAll((id, list) -> List.copyOf(list));
        return attempts;
    }

    @Override
    public Optional<DueCallback> claimNext(Instant now, Duration lease) {
        return nativeSql.queryOne("WITH due AS MATERIALIZED (SELECT x.id FROM external_payment_callbacks x"
                        + "       WHERE x.status = 'queued' ORDER BY x.created_at, x.id LIMIT 1 FOR UPDATE SKIP LOCKED)"
                        + " UPDATE external_payment_callbacks c SET status = 'attempting', attempted_at = ?,"
                        + " leased_until = ?, updated_at = ?"
                        + " FROM due WHERE c.id = due.id RETURNING c.id, c.company_id, c.url, c.body, c.attempted_at",
                row -> new DueCallback(uuid(row, "id"), new CompanyId(uuid(row, "company_id")), row.getString("url"),
                        row.getString("body"), instant(row, "attempted_at")),
                now, now.plus(lease), now);
    }

    @Override
    public void recordResult(UUID callbackId, CallbackResult result, Optional<Integer> statusCode, Optional<String> error,
            long durationMillis, Instant now) {
        nativeSql.update("UPDATE external_payment_callbacks SET status = ?, status_code = ?, error = ?, duration_ms = ?,"
                        + " leased_until = NULL, updated_at = ? WHERE id = ? AND status IN ('attempting', 'unknown')",
                result.wireName(), statusCode.orElse(null),
                error.map(text -> text.length() > ERROR_LENGTH_MAX ? text.substring(0, ERROR_LENGTH_MAX) : text).orElse(null),
                durationMillis, now, callbackId);
    }

    @Override
    public int expireUnanswered(Instant now) {
        return nativeSql.update("UPDATE external_payment_callbacks SET status = 'unknown', leased_until = NULL, updated_at = ?"
                + " WHERE status = 'attempting' AND leased_until < ?", now, now);
    }

    static CallbackAttempt attempt(ResultSet row) throws SQLException {
        int status = row.getInt("status_code");
        Optional<Integer> statusCode = row.wasNull() ? Optional.empty() : Optional.of(status);
        long duration = row.getLong("duration_ms");
        Optional<Long> durationMillis = row.wasNull() ? Optional.empty() : Optional.of(duration);
        return new CallbackAttempt(instant(row, "attempted_at"),
                CallbackResult.valueOf(row.getString("status").toUpperCase(Locale.ROOT)), statusCode,
                Optional.ofNullable(row.getString("error")), durationMillis);
    }
}
