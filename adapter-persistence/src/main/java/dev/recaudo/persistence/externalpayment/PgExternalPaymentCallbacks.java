package dev.recaudo.persistence.externalpayment;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.scope;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.Candidates.TargetLoad;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.persistence.common.AdvisoryLocks;
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

/**
 * External payment callbacks in PostgreSQL: the body is rendered once, when the completion queues it,
 * and its origin (scheme, host and port) is computed by the database from the URL (V0030). Claims of
 * a lane take turns on a transaction-scoped advisory lock and count the attempts in flight from the
 * unexpired leases, as the webhook deliveries' do; an origin's health is a row of
 * {@code callback_target_health} per company and environment, absent while it is healthy.
 */
@ApplicationScoped
@StoreFailures
public class PgExternalPaymentCallbacks implements ExternalPaymentCallbacks {

    /** The column's bound. */
    private static final int ERROR_LENGTH_MAX = 500;

    /**
     * The lane's origins with queued callbacks, found by skipping through the queued index from one
     * company's origin to the next (one probe each, however long its queue), and those with
     * callbacks in flight (few: the caps bound them); the attempts in flight and the health of each;
     * and each origin's oldest queued callbacks: as many as it may take, or a claim's worth when it
     * is paused (they are recorded unsent). So a claim reads a bounded part of each queue, never a
     * whole backlog. An origin with nothing to take still gives one row, for its company's count.
     */
    private static final String CANDIDATES = "WITH RECURSIVE queued (company_id, origin) AS ("
            + "   (SELECT company_id, origin FROM external_payment_callbacks WHERE status = 'queued' AND is_test = ?"
            + "    ORDER BY company_id, origin LIMIT 1)"
            + "   UNION ALL"
            + "   SELECT n.company_id, n.origin FROM queued q CROSS JOIN LATERAL ("
            + "     (SELECT c.company_id, c.origin FROM external_payment_callbacks c WHERE c.status = 'queued' AND c.is_test = ?"
            + "      AND c.company_id = q.company_id AND c.origin > q.origin ORDER BY c.origin LIMIT 1)"
            + "     UNION ALL"
            + "     (SELECT c.company_id, c.origin FROM external_payment_callbacks c WHERE c.status = 'queued' AND c.is_test = ?"
            + "      AND c.company_id > q.company_id ORDER BY c.company_id, c.origin LIMIT 1)"
            + "     LIMIT 1) n),"
            + " in_flight AS ("
            + "   SELECT company_id, origin, count(*) AS in_flight FROM external_payment_callbacks"
            + "   WHERE status = 'attempting' AND leased_until >= ? AND is_test = ? GROUP BY company_id, origin),"
            + " targets AS ("
            + "   SELECT coalesce(q.company_id, f.company_id) AS company_id, coalesce(q.origin, f.origin) AS origin,"
            + "     coalesce(f.in_flight, 0) AS in_flight, q.company_id IS NOT NULL AS queued"
            + "   FROM queued q FULL JOIN in_flight f ON f.company_id = q.company_id AND f.origin = q.origin)"
            + " SELECT t.company_id, t.origin, t.in_flight, coalesce(h.consecutive_failures, 0) AS consecutive_failures,"
            + "   coalesce(h.pauses, 0) AS pauses, h.paused_until, c.id AS callback_id, c.created_at, c.place"
            + " FROM targets t"
            + " LEFT JOIN callback_target_health h ON h.company_id = t.company_id AND h.is_test = ? AND h.origin = t.origin"
            + " LEFT JOIN LATERAL ("
            + "   SELECT x.id, x.created_at, row_number() OVER (ORDER BY x.created_at, x.id) AS place FROM ("
            + "     SELECT y.id, y.created_at FROM external_payment_callbacks y"
            + "     WHERE t.queued AND y.status = 'queued' AND y.is_test = ? AND y.company_id = t.company_id AND y.origin = t.origin"
            + "     ORDER BY y.created_at, y.id LIMIT CASE WHEN h.paused_until > ? THEN ? ELSE ? END) x) c ON true";

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
    public void serializeClaims(KeyEnvironment lane) {
        AdvisoryLocks.lockShared(nativeSql, "dispatch-claims:callback:" + lane.wireName());
    }

    @Override
    public Candidates candidates(KeyEnvironment lane, Instant now, int perOriginMax, int pausedMax) {
        List<Candidate> due = new ArrayList<>();
        Map<DispatchTarget, TargetLoad> targets = new HashMap<>();
        Map<CompanyId, Integer> companies = new HashMap<>();
        boolean test = lane == KeyEnvironment.TEST;
        nativeSql.query(CANDIDATES, row -> {
            DispatchTarget target = new DispatchTarget(new CompanyId(uuid(row, "company_id")), row.getString("origin"));
            if (!targets.containsKey(target)) {
                int inFlight = row.getInt("in_flight");
                targets.put(target, new TargetLoad(inFlight, new TargetHealth(row.getInt("consecutive_failures"),
                        row.getInt("pauses"), optionalInstant(row, "paused_until"))));
                companies.merge(target.companyId(), inFlight, Integer::sum);
            }
            UUID callbackId = uuid(row, "callback_id");
            if (callbackId != null) {
                due.add(new Candidate(callbackId, target, instant(row, "created_at"), row.getLong("place")));
            }
            return target;
        }, test, test, test, now, test, test, test, now, pausedMax, perOriginMax);
        return new Candidates(due, targets, companies);
    }

    @Override
    public List<DueCallback> claim(List<UUID> callbackIds, Instant now, Duration lease) {
        return nativeSql.query("WITH chosen AS MATERIALIZED (SELECT x.id FROM external_payment_callbacks x"
                        + "       WHERE x.id = ANY (?::uuid[]) AND x.status = 'queued' FOR UPDATE SKIP LOCKED)"
                        + " UPDATE external_payment_callbacks c SET status = 'attempting', attempted_at = ?,"
                        + " leased_until = ?, updated_at = ?"
                        + " FROM chosen WHERE c.id = chosen.id"
                        + " RETURNING c.id, c.company_id, c.is_test, c.origin, c.url, c.body, c.attempted_at",
                row -> new DueCallback(uuid(row, "id"), scope(row), row.getString("origin"), row.getString("url"),
                        row.getString("body"), instant(row, "attempted_at")),
                ids(callbackIds), now, now.plus(lease), now);
    }

    @Override
    public void failUnsent(List<UUID> callbackIds, String error, Instant now) {
        nativeSql.update("UPDATE external_payment_callbacks SET status = 'failed', attempted_at = ?, error = ?, duration_ms = 0,"
                + " updated_at = ? WHERE id = ANY (?::uuid[]) AND status = 'queued'", now, error, now, ids(callbackIds));
    }

    /** Made healthy first when it has no record, so that the lock always has a row to hold. */
    @Override
    public TargetHealth lockHealth(TenantScope scope, String origin) {
        nativeSql.update("INSERT INTO callback_target_health (company_id, is_test, origin, consecutive_failures, pauses,"
                        + " paused_until, updated_at) VALUES (?, ?, ?, 0, 0, NULL, now()) ON CONFLICT DO NOTHING",
                scope.companyId().value(), scope.isTest(), origin);
        return nativeSql.queryOne("SELECT consecutive_failures, pauses, paused_until FROM callback_target_health"
                        + " WHERE company_id = ? AND is_test = ? AND origin = ? FOR UPDATE",
                row -> new TargetHealth(row.getInt("consecutive_failures"), row.getInt("pauses"),
                        optionalInstant(row, "paused_until")),
                scope.companyId().value(), scope.isTest(), origin).orElseThrow();
    }

    @Override
    public void storeHealth(TenantScope scope, String origin, TargetHealth health, Instant now) {
        if (health.equals(TargetHealth.HEALTHY)) {
            nativeSql.update("DELETE FROM callback_target_health WHERE company_id = ? AND is_test = ? AND origin = ?",
                    scope.companyId().value(), scope.isTest(), origin);
            return;
        }
        nativeSql.update("UPDATE callback_target_health SET consecutive_failures = ?, pauses = ?, paused_until = ?, updated_at = ?"
                        + " WHERE company_id = ? AND is_test = ? AND origin = ?",
                health.consecutiveFailures(), health.pauses(), health.pausedUntil().orElse(null), now,
                scope.companyId().value(), scope.isTest(), origin);
    }

    private static TextArray ids(List<UUID> ids) {
        return new TextArray(ids.stream().map(UUID::toString).toList());
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
