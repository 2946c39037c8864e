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
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.NativeSql.TextArray;
import dev.recaudo.persistence.common.QueryBatch;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretSealer;
import dev.recaudo.persistence.secret.SecretUnreadable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
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
        return nativeSql.query(DeliveryClaimStatements.LEASE, this::dueOrUnreadable, ids, now, now, now.plus(lease), now)
                .stream().flatMap(Optional::stream).toList();
    }

    /**
     * One round trip: the endpoint's lock with its bound ({@link #HEALTH_LOCK_WAIT_MILLIS}, this
     * transaction only), the bound's reset, the recording ({@link DeliveryClaimStatements#RECORD}) and,
     * handed over, the next delivery's lease ({@link DeliveryClaimStatements#LEASE_NEXT}), each
     * statement in its own snapshot, so the lease sees the recording and the followers it made due.
     */
    @Override
    public Recording record(DueDelivery claim, DeliveryAttempt attempt, DeliveryStatus status, Optional<Instant> nextAttemptAt,
            Instant now, Optional<HandOver> handOver) {
        DueDelivery.Endpoint endpoint = claim.endpoint();
        nativeSql.defer("SELECT set_config('lock_timeout', ?, true)", HEALTH_LOCK_WAIT_MILLIS + "ms");
        QueryBatch batch = new QueryBatch();
        QueryBatch.Answer<TargetHealth> health = batch.add(new DynamicSql(DeliveryClaimStatements.LOCK_HEALTH,
                endpoint.companyId().value(), endpoint.id()), EndpointRows::health);
        batch.add(new DynamicSql("SELECT set_config('lock_timeout', '0', true)"), row -> row.getString(1));
        QueryBatch.Answer<Long> recorded = batch.add(new DynamicSql(DeliveryClaimStatements.RECORD, status.name(),
                nextAttemptAt.orElse(null), now, claim.deliveryId(), claim.leaseToken(), attempt.attemptedAt(),
                attempt.durationMillis(), attempt.statusCode().orElse(null),
                attempt.error().map(error -> error.length() > 500 ? error.substring(0, 500) : error).orElse(null),
                status == DeliveryStatus.PENDING ? nextAttemptAt.orElseThrow() : now), row -> row.getLong(1));
        Optional<QueryBatch.Answer<Optional<DueDelivery>>> next = handOver.map(place -> batch.add(new DynamicSql(
                DeliveryClaimStatements.LEASE_NEXT, claim.deliveryId(), claim.leasedUntil(), endpoint.id(), now, now, now, now, endpoint.companyId().value(), endpoint.id(),
                now, place.perCompanyMax(), now.plus(place.lease()), now), this::dueOrUnreadable));
        nativeSql.queryTogether(batch);
        return new Recording(health.rows().stream().findFirst(), recorded.rows().get(0) == 0 ? LeaseState.LOST : LeaseState.HELD,
                next.flatMap(leased -> leased.rows().stream().findFirst()).flatMap(due -> due));
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

    @Override
    public void storeHealth(CompanyId companyId, UUID endpointId, TargetHealth health) {
        nativeSql.defer("UPDATE webhook_endpoints SET consecutive_failures = ?, pauses = ?, paused_until = ?"
                        + " WHERE company_id = ? AND id = ?",
                health.consecutiveFailures(), health.pauses(), health.pausedUntil().orElse(null), companyId.value(),
                endpointId);
    }
}
