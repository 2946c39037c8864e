package dev.recaudo.domain.metrics;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Port: what waits to be delivered, across every company. The one read that is not a tenant's: the
 * operator watches the service as a whole, and it returns counts and times, never a row.
 */
public interface DeliveryBacklog {

    /** The backlog as of {@code now}. Cheap enough to run every few seconds on every instance. */
    Snapshot read(Instant now);

    /**
     * @param deadDeliveries lifecycle webhook deliveries that ran out of attempts, per environment of
     *     their endpoint (deliveries of removed endpoints left out: nobody waits for them)
     * @param oldestDueWebhook when the longest-waiting pending delivery of an endpoint that is not
     *     paused became due, if one is due now
     * @param oldestQueuedCallback when the longest-waiting queued payment callback was queued, if any
     * @param pausedEndpoints webhook endpoints paused now for failing, per environment
     * @param pausedCallbackOrigins companies' callback origins paused now for failing, per environment
     */
    record Snapshot(Map<KeyEnvironment, Long> deadDeliveries, Optional<Instant> oldestDueWebhook,
            Optional<Instant> oldestQueuedCallback, Map<KeyEnvironment, Long> pausedEndpoints,
            Map<KeyEnvironment, Long> pausedCallbackOrigins) {

        /** Nothing dead, nothing waiting, nothing paused. */
        public static final Snapshot EMPTY = new Snapshot(Map.of(), Optional.empty(), Optional.empty(), Map.of(), Map.of());

        public Snapshot {
            deadDeliveries = Map.copyOf(deadDeliveries);
            pausedEndpoints = Map.copyOf(pausedEndpoints);
            pausedCallbackOrigins = Map.copyOf(pausedCallbackOrigins);
            Objects.requireNonNull(oldestDueWebhook, "oldestDueWebhook");
            Objects.requireNonNull(oldestQueuedCallback, "oldestQueuedCallback");
        }
    }
}
