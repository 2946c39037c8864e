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
 * The backlog in three index reads: dead deliveries through their partial index (V0027), the oldest
 * due delivery and the oldest queued callback through the partial indexes their dispatchers claim by.
 */
@ApplicationScoped
@StoreFailures
public class PgDeliveryBacklog implements DeliveryBacklog {

    @Inject
    NativeSql nativeSql;

    @Override
    public Snapshot read(Instant now) {
        Map<KeyEnvironment, Long> dead = new EnumMap<>(KeyEnvironment.class);
        for (KeyEnvironment environment : KeyEnvironment.values()) {
            dead.put(environment, 0L);
        }
        nativeSql.query("SELECT e.is_test, count(*) FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id"
                        + " WHERE d.status = 'DEAD' AND e.deleted_at IS NULL GROUP BY e.is_test",
                row -> Map.entry(row.getBoolean(1) ? KeyEnvironment.TEST : KeyEnvironment.LIVE, row.getLong(2)))
                .forEach(count -> dead.put(count.getKey(), count.getValue()));
        return nativeSql.queryOne("SELECT"
                        + " (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ?)"
                        + " AS oldest_due_webhook,"
                        + " (SELECT min(created_at) FROM external_payment_callbacks WHERE status = 'queued') AS oldest_queued_callback",
                row -> new Snapshot(dead, optionalInstant(row, "oldest_due_webhook"), optionalInstant(row, "oldest_queued_callback")),
                now).orElseThrow();
    }
}
