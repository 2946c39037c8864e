package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.Candidates.TargetLoad;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.NativeSql.TextArray;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretSealer;
import dev.recaudo.persistence.secret.SecretUnreadable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The dispatcher's statements on the deliveries ({@link DeliveryClaimStatements}), and the endpoints'
 * health. A claim of a lane takes its turn on a transaction-scoped advisory lock (no session state),
 * reads the candidates in one statement, and leases the chosen ones with {@code FOR UPDATE SKIP
 * LOCKED}; attempts in flight are the pending deliveries under an unexpired lease, so an instance
 * that died holding some stops counting against the caps when its leases run out.
 */
@ApplicationScoped
@StoreFailures
public class PgDeliveryClaims implements DeliveryClaims {

    private static final Logger LOG = Logger.getLogger(PgDeliveryClaims.class);

    /** How long recording an outcome waits for its endpoint's row, at most; others hold it for a few milliseconds. */
    static final long HEALTH_LOCK_WAIT_MILLIS = 2_000;

    @Inject
    NativeSql nativeSql;

    @Inject
    Clock clock;

    @Inject
    SecretSealer sealer;

    @Override
    public void serializeClaims(KeyEnvironment lane) {
        AdvisoryLocks.lockShared(nativeSql, "dispatch-claims:webhook:" + lane.wireName());
    }

    @Override
    public Candidates candidates(KeyEnvironment lane, Instant now, int perEndpointMax) {
        List<Candidate> due = new ArrayList<>();
        Map<DispatchTarget, TargetLoad> targets = new HashMap<>();
        Map<CompanyId, Integer> companies = new HashMap<>();
        nativeSql.query(DeliveryClaimStatements.CANDIDATES, row -> {
            DispatchTarget target = new DispatchTarget(new CompanyId(uuid(row, "company_id")), uuid(row, "id").toString());
            if (!targets.containsKey(target)) {
                int inFlight = row.getInt("in_flight");
                targets.put(target, new TargetLoad(inFlight, EndpointRows.health(row)));
                companies.merge(target.companyId(), inFlight, Integer::sum);
            }
            UUID deliveryId = uuid(row, "delivery_id");
            if (deliveryId != null) {
                due.add(new Candidate(deliveryId, target, instant(row, "next_attempt_at"), row.getLong("seq")));
            }
            return target;
        }, now, lane == KeyEnvironment.TEST, now, now, now, perEndpointMax);
        return new Candidates(due, targets, companies);
    }

    @Override
    public List<DueDelivery> lease(List<UUID> deliveryIds, Instant now, Duration lease) {
        TextArray ids = new TextArray(deliveryIds.stream().map(UUID::toString).toList());
        Instant leasedUntil = now.plus(lease);
        List<DueDelivery> leased = nativeSql.query(DeliveryClaimStatements.LEASE + DeliveryClaimStatements.LEASED, this::dueOrUnreadable, ids, now, now, leasedUntil, now)
                .stream().flatMap(Optional::stream).toList();
        WaitingDeliveries.followersAfterLeases(nativeSql, ids, leasedUntil);
        return leased;
    }

    @Override
    public Optional<DueDelivery> leaseNext(DueDelivery.Endpoint endpoint, Instant now, Duration lease, int perCompanyMax) {
        Instant leasedUntil = now.plus(lease);
        Optional<DueDelivery> next = nativeSql.queryOne(DeliveryClaimStatements.LEASE_NEXT + DeliveryClaimStatements.LEASED, this::dueOrUnreadable, endpoint.id(), now, now,
                now, now, endpoint.companyId().value(), endpoint.id(), now, perCompanyMax, leasedUntil, now).flatMap(due -> due);
        next.ifPresent(due -> WaitingDeliveries.followersAfterLeases(nativeSql,
                new TextArray(List.of(due.deliveryId().toString())), leasedUntil));
        return next;
    }

    /**
     * A leased delivery, or none when its endpoint's secret cannot be opened (its key left the
     * keyring early): that one delivery keeps its lease until it runs out and is tried again then,
     * unsent, while the rest of the claim, and every other company's deliveries, go out.
     */
    private Optional<DueDelivery> dueOrUnreadable(ResultSet row) throws SQLException {
        EndpointSecrets secrets;
        try {
            secrets = EndpointRows.secrets(sealer, row, "endpoint_id");
        } catch (SecretUnreadable e) {
            LOG.errorf("webhook delivery %s not sent: %s", uuid(row, "id"), e.getMessage());
            return Optional.empty();
        }
        DueDelivery.Endpoint endpoint = new DueDelivery.Endpoint(uuid(row, "endpoint_id"),
                new CompanyId(uuid(row, "company_id")), row.getString("url"), secrets);
        return Optional.of(new DueDelivery(uuid(row, "id"), uuid(row, "event_id"), endpoint, row.getString("body"),
                row.getInt("attempts"), instant(row, "event_created_at"), uuid(row, "lease_token"),
                instant(row, "leased_until")));
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
        WaitingDeliveries.followersDueAt(nativeSql, claim.deliveryId(),
                status == DeliveryStatus.PENDING ? nextAttemptAt.orElseThrow() : clock.instant());
        nativeSql.defer("INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error)"
                        + " VALUES (?, ?, ?, ?, ?)",
                claim.deliveryId(), attempt.attemptedAt(), attempt.durationMillis(), attempt.statusCode().orElse(null),
                attempt.error().map(error -> error.length() > 500 ? error.substring(0, 500) : error).orElse(null));
        return LeaseState.HELD;
    }

    /**
     * {@code FOR NO KEY UPDATE}: the row is locked against other changes of its health, while the
     * outbox keeps inserting deliveries that reference it (their key share lock does not wait). The
     * wait for it is bounded ({@link #HEALTH_LOCK_WAIT_MILLIS}, this transaction only): removing an
     * endpoint holds its row while it ends every pending delivery, however many, and the few threads
     * that record every company's outcomes must not all queue behind that. Past the wait the
     * recording fails; the delivery is due again when its lease runs out, or dead with its endpoint.
     */
    @Override
    public Optional<TargetHealth> lockHealth(CompanyId companyId, UUID endpointId) {
        // The bound goes with the lock, and its reset with the next statement: one round trip for the three.
        nativeSql.defer("SELECT set_config('lock_timeout', ?, true)", HEALTH_LOCK_WAIT_MILLIS + "ms");
        Optional<TargetHealth> health = nativeSql.queryOne("SELECT consecutive_failures, pauses, paused_until"
                + " FROM webhook_endpoints WHERE company_id = ? AND id = ? AND deleted_at IS NULL FOR NO KEY UPDATE",
                EndpointRows::health, companyId.value(), endpointId);
        nativeSql.defer("SELECT set_config('lock_timeout', '0', true)");
        return health;
    }

    @Override
    public void storeHealth(CompanyId companyId, UUID endpointId, TargetHealth health) {
        nativeSql.defer("UPDATE webhook_endpoints SET consecutive_failures = ?, pauses = ?, paused_until = ?"
                        + " WHERE company_id = ? AND id = ?",
                health.consecutiveFailures(), health.pauses(), health.pausedUntil().orElse(null), companyId.value(),
                endpointId);
    }
}
