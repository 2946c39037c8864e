package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Endpoints, deliveries and attempts in PostgreSQL, as administrators see and change them; the
 * dispatcher's claims and records are {@link PgDeliveryClaims}'. Endpoint secrets are sealed at rest
 * ({@link SecretSealer}); the secret columns are read in {@link EndpointRows} and written by
 * {@link #insertEndpoint} and {@link #replaceSecrets}, nowhere else.
 */
@ApplicationScoped
@StoreFailures
public class PgWebhookRepository implements WebhookRepository {

    @Inject
    NativeSql nativeSql;

    @Inject
    Clock clock;

    @Inject
    SecretSealer sealer;

    @Override
    public void insertEndpoint(WebhookEndpoint endpoint) {
        nativeSql.update("INSERT INTO webhook_endpoints (id, company_id, is_test, url, events, secret, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)",
                endpoint.id(), endpoint.companyId().value(), endpoint.environment() == KeyEnvironment.TEST, endpoint.url(),
                new NativeSql.TextArray(endpoint.events().stream().sorted().toList()),
                sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint.id(), endpoint.secrets().current().orElseThrow()),
                endpoint.createdAt());
    }

    @Override
    public List<WebhookEndpoint> listEndpoints(CompanyId companyId) {
        return nativeSql.query("SELECT * FROM webhook_endpoints WHERE company_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
                this::endpoint, companyId.value());
    }

    @Override
    public int countEndpoints(CompanyId companyId) {
        return nativeSql.queryOne("SELECT count(*) FROM webhook_endpoints WHERE company_id = ? AND deleted_at IS NULL",
                row -> row.getInt(1), companyId.value()).orElse(0);
    }

    @Override
    public Optional<WebhookEndpoint> findEndpoint(CompanyId companyId, UUID endpointId) {
        return nativeSql.queryOne("SELECT * FROM webhook_endpoints WHERE company_id = ? AND id = ? AND deleted_at IS NULL",
                this::endpoint, companyId.value(), endpointId);
    }

    @Override
    public Optional<WebhookEndpoint> lockEndpoint(CompanyId companyId, UUID endpointId) {
        return nativeSql.queryOne("SELECT * FROM webhook_endpoints WHERE company_id = ? AND id = ? AND deleted_at IS NULL"
                + " FOR UPDATE", this::endpoint, companyId.value(), endpointId);
    }

    @Override
    public void replaceSecrets(CompanyId companyId, UUID endpointId, EndpointSecrets secrets) {
        nativeSql.update("UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_expires_at = ?"
                        + " WHERE company_id = ? AND id = ?",
                sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpointId, secrets.current().orElseThrow()),
                secrets.previous().map(previous -> sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS_PREVIOUS, endpointId,
                        previous.secret())).orElse(null),
                secrets.previous().map(EndpointSecrets.Previous::expiresAt).orElse(null), companyId.value(), endpointId);
    }

    @Override
    public void deleteEndpoint(CompanyId companyId, UUID endpointId) {
        Instant now = clock.instant();
        nativeSql.update("UPDATE webhook_endpoints SET deleted_at = ? WHERE company_id = ? AND id = ? AND deleted_at IS NULL",
                now, companyId.value(), endpointId);
        nativeSql.update("UPDATE webhook_deliveries SET status = 'DEAD', next_attempt_at = NULL, updated_at = ?"
                + " WHERE endpoint_id = ? AND status = 'PENDING'", now, endpointId);
    }

    @Override
    public List<WebhookDelivery> listDeliveries(CompanyId companyId, UUID endpointId, int limit) {
        return nativeSql.query("SELECT d.*, o.type FROM webhook_deliveries d JOIN outbox_events o ON o.id = d.event_id"
                        + " WHERE d.company_id = ? AND d.endpoint_id = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ?",
                this::delivery, companyId.value(), endpointId, limit);
    }

    @Override
    public Optional<WebhookDelivery> redeliver(CompanyId companyId, UUID endpointId, UUID deliveryId, Instant now) {
        int updated = nativeSql.update("UPDATE webhook_deliveries SET status = 'PENDING', attempts = 0, next_attempt_at = ?,"
                        + " leased_until = NULL, lease_token = NULL, updated_at = ? WHERE company_id = ? AND endpoint_id = ? AND id = ?"
                        + " AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = endpoint_id AND e.deleted_at IS NULL)",
                now, now, companyId.value(), endpointId, deliveryId);
        if (updated == 0) {
            return Optional.empty();
        }
        // Deliveries about the same invoice written after it wait for it again, and are due no earlier.
        WaitingDeliveries.followersDueAt(nativeSql, deliveryId, now);
        return nativeSql.queryOne("SELECT d.*, o.type FROM webhook_deliveries d JOIN outbox_events o ON o.id = d.event_id"
                + " WHERE d.id = ?", this::delivery, deliveryId);
    }

    private WebhookDelivery delivery(ResultSet row) throws SQLException {
        UUID id = uuid(row, "id");
        List<DeliveryAttempt> attempts = nativeSql.query("SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempted_at, id",
                attempt -> {
                    int status = attempt.getInt("status_code");
                    Optional<Integer> statusCode = attempt.wasNull() ? Optional.empty() : Optional.of(status);
                    return new DeliveryAttempt(instant(attempt, "attempted_at"), attempt.getLong("duration_ms"), statusCode,
                            Optional.ofNullable(attempt.getString("error")));
                },
                id);
        return new WebhookDelivery(id, uuid(row, "endpoint_id"), uuid(row, "event_id"), row.getString("type"),
                DeliveryStatus.valueOf(row.getString("status")), row.getInt("attempts"), optionalInstant(row, "next_attempt_at"),
                instant(row, "created_at"), attempts);
    }

    private WebhookEndpoint endpoint(ResultSet row) throws SQLException {
        return new WebhookEndpoint(uuid(row, "id"), new CompanyId(uuid(row, "company_id")),
                row.getBoolean("is_test") ? KeyEnvironment.TEST : KeyEnvironment.LIVE, row.getString("url"),
                Set.copyOf(Arrays.asList((String[]) row.getArray("events").getArray())),
                EndpointRows.secretsOrRefused(sealer, row, "id"), instant(row, "created_at"), EndpointRows.health(row));
    }
}
