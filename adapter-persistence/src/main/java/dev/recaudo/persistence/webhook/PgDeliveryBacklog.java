package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.optionalInstant;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.metrics.DeliveryBacklog;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * The backlog in a few index reads: dead deliveries through their partial index (V0027), the oldest
 * due delivery per endpoint that is not paused and the oldest queued callback through the partial
 * indexes their dispatchers claim by, and the paused endpoints and callback origins, few by nature.
 */
@ApplicationScoped
@StoreFailures
public class PgDeliveryBacklog implements DeliveryBacklog {

    @Inject
    NativeSql nativeSql;

    @Override
    public Snapshot read(Instant now) {
        Map<KeyEnvironment, Long> dead = perEnvironment("SELECT e.is_test, count(*) FROM webhook_deliveries d"
                + " JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.status = 'DEAD' AND e.deleted_at IS NULL GROUP BY e.is_test");
        Map<KeyEnvironment, Long> pausedEndpoints = perEnvironment("SELECT is_test, count(*) FROM webhook_endpoints"
                + " WHERE paused_until > ? AND deleted_at IS NULL GROUP BY is_test", now);
        Map<KeyEnvironment, Long> pausedOrigins = perEnvironment("SELECT is_test, count(*) FROM callback_target_health"
                + " WHERE paused_until > ? GROUP BY is_test", now);
        // Per endpoint that is not paused, through the claim's index: a paused endpoint's deliveries wait on purpose.
        return nativeSql.queryOne("SELECT"
                        + " (SELECT min((SELECT min(d.next_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = e.id"
                        + "   AND d.status = 'PENDING' AND d.next_attempt_at <= ?)) FROM webhook_endpoints e"
                        + "   WHERE e.deleted_at IS NULL AND (e.paused_until IS NULL OR e.paused_until <= ?)) AS oldest_due_webhook,"
                        + " (SELECT min(created_at) FROM external_payment_callbacks WHERE status = 'queued') AS oldest_queued_callback",
                row -> new Snapshot(dead, optionalInstant(row, "oldest_due_webhook"), optionalInstant(row, "oldest_queued_callback"),
                        pausedEndpoints, pausedOrigins),
                now, now).orElseThrow();
    }

    /** A count per environment, from a statement answering {@code is_test, count} rows; 0 where it answers none. */
    private Map<KeyEnvironment, Long> perEnvironment(String sql, Object... parameters) {
        Map<KeyEnvironment, Long> counts = new EnumMap<>(KeyEnvironment.class);
        for (KeyEnvironment environment : KeyEnvironment.values()) {
            counts.put(environment, 0L);
        }
        nativeSql.query(sql, row -> Map.entry(row.getBoolean(1) ? KeyEnvironment.TEST : KeyEnvironment.LIVE, row.getLong(2)),
                parameters).forEach(count -> counts.put(count.getKey(), count.getValue()));
        return counts;
    }
}
