package dev.recaudo.persistence.externalpayment;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.persistence.common.EventBodies;
import dev.recaudo.persistence.common.Jdbc;
import dev.recaudo.persistence.common.Jdbc.TextArray;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** External payment callbacks in PostgreSQL: the body is rendered once, when the completion queues it. */
@ApplicationScoped
public class PgExternalPaymentCallbacks implements ExternalPaymentCallbacks {

    private final Jdbc jdbc;

    public PgExternalPaymentCallbacks(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void queue(CallbackRequest request) {
        jdbc.update("INSERT INTO external_payment_callbacks (id, external_payment_id, company_id, is_test, url, body, status,"
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
        jdbc.query("SELECT * FROM external_payment_callbacks WHERE company_id = ? AND is_test = ?"
                        + " AND external_payment_id = ANY (?::uuid[]) AND status <> 'queued' ORDER BY attempted_at, id",
                row -> attempts.computeIfAbsent(uuid(row, "external_payment_id"), id -> new java.util.ArrayList<>())
                        .add(attempt(row)),
                scope.companyId().value(), scope.isTest(),
                new TextArray(externalPaymentIds.stream().map(UUID::toString).toList()));
        attempts.replaceAll((id, list) -> List.copyOf(list));
        return attempts;
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
