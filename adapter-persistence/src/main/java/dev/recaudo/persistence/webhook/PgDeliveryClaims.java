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
 * The dispatcher's statements on the deliveries, and the endpoints' health. A claim of a lane takes
 * its turn on a transaction-scoped advisory lock (no session state), reads the candidates in one
 * statement, and leases the chosen ones with {@code FOR UPDATE SKIP LOCKED}; attempts in flight are
 * the pending deliveries under an unexpired lease, so an instance that died holding some stops
 * counting against the caps when its leases run out.
 */
@ApplicationScoped
@StoreFailures
public class PgDeliveryClaims implements DeliveryClaims {

    private static final Logger LOG = Logger.getLogger(PgDeliveryClaims.class);

    /**
     * Due deliveries an endpoint's queue is read for per claim, at most: the oldest, of which those
     * that wait for an earlier delivery about the same invoice are left out. Bounded, so a claim costs
     * the same whatever an endpoint's backlog (each of these probes one index entry for its invoice).
     * Deliveries that wait are not due before the one they wait for can go ({@link WaitingDeliveries}),
     * so they cannot fill this read while other invoices' deliveries are due.
     */
    private static final int HEADS_READ_MAX = 100;

    /** A delivery no lease holds that is due at the parameters' time (twice: the due time, the lease's end). */
    private static final String FREE = " x.status = 'PENDING' AND x.next_attempt_at <= ?"
            + " AND (x.leased_until IS NULL OR x.leased_until < ?)";

    /**
     * The oldest deliveries of the endpoint {@code endpoint} names (a column, or a parameter with any
     * condition that follows it) that are free ({@link #FREE}) and wait for no earlier pending delivery
     * about the same invoice, {@code limit} at most, from its first {@link #HEADS_READ_MAX} free ones.
     */
    private static String heads(String endpoint, String limit) {
        return "SELECT h.id, h.next_attempt_at, h.seq FROM ("
                + " SELECT x.id, x.endpoint_id, x.aggregate_id, x.next_attempt_at, x.seq FROM webhook_deliveries x"
                + " WHERE x.endpoint_id = " + endpoint + " AND" + FREE
                + " ORDER BY x.next_attempt_at, x.seq LIMIT " + HEADS_READ_MAX + ") h"
                + " WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries y WHERE y.endpoint_id = h.endpoint_id"
                + "   AND y.aggregate_id = h.aggregate_id AND y.status = 'PENDING' AND y.seq < h.seq)"
                + " ORDER BY h.next_attempt_at, h.seq LIMIT " + limit;
    }

    /**
     * The lane's endpoints that have pending deliveries, found by skipping through the pending index
     * from one endpoint to the next (one probe per endpoint, however long its queue), each with its
     * attempts in flight and its health; and, for those not paused (a paused one's queue is not read
     * at all), their oldest due deliveries that no lease holds and that wait for no earlier pending
     * delivery about the same invoice. An endpoint without such a delivery still gives one row, with
     * no delivery, for the company's count.
     */
    private static final String CANDIDATES = "WITH RECURSIVE pending (endpoint_id) AS ("
            + "   (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'PENDING' ORDER BY endpoint_id LIMIT 1)"
            + "   UNION ALL"
            + "   SELECT (SELECT d.endpoint_id FROM webhook_deliveries d WHERE d.status = 'PENDING'"
            + "           AND d.endpoint_id > p.endpoint_id ORDER BY d.endpoint_id LIMIT 1)"
            + "   FROM pending p WHERE p.endpoint_id IS NOT NULL),"
            + " lane AS MATERIALIZED ("
            + "   SELECT e.id, e.company_id, e.consecutive_failures, e.pauses, e.paused_until,"
            + "     (SELECT count(*) FROM webhook_deliveries l WHERE l.endpoint_id = e.id AND l.status = 'PENDING'"
            + "      AND l.leased_until >= ?) AS in_flight"
            + "   FROM pending p JOIN webhook_endpoints e ON e.id = p.endpoint_id"
            + "   WHERE e.is_test = ? AND e.deleted_at IS NULL)"
            + " SELECT lane.*, d.id AS delivery_id, d.next_attempt_at, d.seq FROM lane LEFT JOIN LATERAL ("
            + heads("lane.id AND (lane.paused_until IS NULL OR lane.paused_until <= ?)", "?") + ") d ON true";

    /**
     * The chosen deliveries still due and free, locked in a materialized CTE (evaluated once, so the
     * join with the endpoints can never run it again and lease more), leased under new tokens.
     */
    private static final String LEASE = "WITH chosen AS MATERIALIZED (SELECT x.id FROM webhook_deliveries x"
            + " WHERE x.id = ANY (?::uuid[]) AND" + FREE + " FOR UPDATE SKIP LOCKED)";

    /**
     * The endpoint's next delivery ({@link #heads}), still free once locked, leased as {@link #LEASE}
     * leases; only while the attempts in flight for the endpoint's company in its environment, the one
     * just recorded no longer among them, leave room for one more beside the one handed over.
     */
    private static final String LEASE_NEXT = "WITH chosen AS MATERIALIZED (SELECT x.id FROM webhook_deliveries x"
            + " WHERE x.id = (SELECT n.id FROM (" + heads("?", "1") + ") n) AND" + FREE
            + " AND (SELECT count(*) FROM webhook_endpoints c JOIN webhook_deliveries l ON l.endpoint_id = c.id"
            + "   WHERE c.company_id = ? AND c.is_test = (SELECT s.is_test FROM webhook_endpoints s WHERE s.id = ?)"
            + "   AND l.status = 'PENDING' AND l.leased_until >= ?) + 2 <= ?"
            + " FOR UPDATE SKIP LOCKED)";

    /** Leases what {@code chosen} holds, under new tokens, and answers what sending each needs. */
    private static final String LEASED = " UPDATE webhook_deliveries d"
            + " SET leased_until = ?, lease_token = gen_random_uuid(), updated_at = ?"
            + " FROM chosen, webhook_endpoints e"
            + " WHERE d.id = chosen.id AND e.id = d.endpoint_id"
            + " RETURNING d.id, d.event_id, d.endpoint_id, d.attempts, d.lease_token, d.leased_until, e.company_id, e.url,"
            + " e.secret,"
            + " e.previous_secret, e.previous_secret_expires_at,"
            + " (SELECT o.body FROM outbox_events o WHERE o.id = d.event_id) AS body,"
            + " (SELECT o.created_at FROM outbox_events o WHERE o.id = d.event_id) AS event_created_at";

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
        nativeSql.query(CANDIDATES, row -> {
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
        List<DueDelivery> leased = nativeSql.query(LEASE + LEASED, this::dueOrUnreadable, ids, now, now, leasedUntil, now)
                .stream().flatMap(Optional::stream).toList();
        WaitingDeliveries.followersAfterLeases(nativeSql, ids, leasedUntil);
        return leased;
    }

    @Override
    public Optional<DueDelivery> leaseNext(DueDelivery.Endpoint endpoint, Instant now, Duration lease, int perCompanyMax) {
        Instant leasedUntil = now.plus(lease);
        Optional<DueDelivery> next = nativeSql.queryOne(LEASE_NEXT + LEASED, this::dueOrUnreadable, endpoint.id(), now, now,
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
