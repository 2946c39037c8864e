package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import dev.recaudo.persistence.secret.SecretUnreadable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Endpoints, deliveries and attempts in PostgreSQL. Due deliveries are leased with
 * {@code FOR UPDATE SKIP LOCKED} in bounded batches: instances share the work and never send the
 * same delivery at the same time. Endpoint secrets are sealed at rest ({@link SecretSealer}); the
 * secret columns are read in {@link #secrets} and written by {@link #insertEndpoint} and
 * {@link #replaceSecrets}, nowhere else.
 */
@ApplicationScoped
@StoreFailures
public class PgWebhookRepository implements WebhookRepository {

    private static final Logger LOG = Logger.getLogger(PgWebhookRepository.class);

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
                sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint.id(), endpoint.secrets().current()),
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
                sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpointId, secrets.current()),
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
    public List<DueDelivery> claimDue(Instant now, Duration lease, int batchSize) {
        // The locked batch is a materialized CTE: evaluated once, so the join with the endpoints can
        // never run it again (a nested loop re-running a LIMIT ... SKIP LOCKED subquery claims more
        // than the batch: DeliveryClaimPersistenceTest saw six deliveries claimed for a batch of three).
        return nativeSql.query("WITH due AS MATERIALIZED (SELECT x.id FROM webhook_deliveries x"
                        + "       WHERE x.status = 'PENDING' AND x.next_attempt_at <= ?"
                        + "       AND (x.leased_until IS NULL OR x.leased_until < ?)"
                        + "       ORDER BY x.next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)"
                        + " UPDATE webhook_deliveries d SET leased_until = ?, lease_token = gen_random_uuid(), updated_at = ?"
                        + " FROM due, webhook_endpoints e"
                        + " WHERE d.id = due.id AND e.id = d.endpoint_id"
                        + " RETURNING d.id, d.event_id, d.endpoint_id, d.attempts, d.lease_token, e.url, e.secret,"
                        + " e.previous_secret, e.previous_secret_expires_at,"
                        + " (SELECT o.body FROM outbox_events o WHERE o.id = d.event_id) AS body,"
                        + " (SELECT o.created_at FROM outbox_events o WHERE o.id = d.event_id) AS event_created_at",
                this::dueOrUnreadable, now, now, batchSize, now.plus(lease), now)
                .stream().flatMap(Optional::stream).toList();
    }

    /**
     * A claimed delivery, or none when its endpoint's secret cannot be opened (its key left the
     * keyring early): that one delivery keeps its lease until it runs out and is tried again then,
     * unsent, while the rest of the batch, and every other company's deliveries, go out.
     */
    private Optional<DueDelivery> dueOrUnreadable(ResultSet row) throws SQLException {
        EndpointSecrets secrets;
        try {
            secrets = secrets(row, "endpoint_id");
        } catch (SecretUnreadable e) {
            LOG.errorf("webhook delivery %s not sent: %s", uuid(row, "id"), e.getMessage());
            return Optional.empty();
        }
        return Optional.of(new DueDelivery(uuid(row, "id"), uuid(row, "event_id"), row.getString("url"), secrets,
                row.getString("body"), row.getInt("attempts"), instant(row, "event_created_at"), uuid(row, "lease_token")));
    }

    /** The state changes first, on the claim's token: a stale holder writes nothing, not even its attempt row. */
    @Override
    public LeaseState recordAttempt(DueDelivery claim, DeliveryAttempt attempt, DeliveryStatus status,
            Optional<Instant> nextAttemptAt) {
        int recorded = nativeSql.update("UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?,"
                        + " leased_until = NULL, lease_token = NULL, updated_at = ?"
                        + " WHERE id = ? AND lease_token = ? AND status = 'PENDING'",
                status.name(), nextAttemptAt.orElse(null), clock.instant(), claim.deliveryId(), claim.leaseToken());
        if (recorded == 0) {
            return LeaseState.LOST;
        }
        nativeSql.update("INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error)"
                        + " VALUES (?, ?, ?, ?, ?)",
                claim.deliveryId(), attempt.attemptedAt(), attempt.durationMillis(), attempt.statusCode().orElse(null),
                attempt.error().map(error -> error.length() > 500 ? error.substring(0, 500) : error).orElse(null));
        return LeaseState.HELD;
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
                Set.copyOf(Arrays.asList((String[]) row.getArray("events").getArray())), secrets(row, "id"),
                instant(row, "created_at"));
    }

    /** The row's secrets, opened: the one place this repository reads a stored secret. */
    private EndpointSecrets secrets(ResultSet row, String endpointIdColumn) throws SQLException {
        UUID endpointId = uuid(row, endpointIdColumn);
        String previous = row.getString("previous_secret");
        return new EndpointSecrets(sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpointId, row.getString("secret")),
                previous == null ? Optional.empty() : Optional.of(new EndpointSecrets.Previous(
                        sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS_PREVIOUS, endpointId, previous),
                        instant(row, "previous_secret_expires_at"))));
    }
}
