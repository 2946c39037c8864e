package dev.recaudo.bootstrap.metrics;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.metrics.DeliveryBacklog;
import dev.recaudo.domain.metrics.DeliveryBacklog.Snapshot;
import dev.recaudo.domain.metrics.DeliveryChannel;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The gauges read from the database: dead deliveries, the age of the longest-waiting due delivery
 * and queued callback, and the endpoints and callback origins paused for failing. The backlog is read on a schedule, not at scrape, so the database
 * sees one cheap read per interval and instance however many scrapers there are, and a scrape never
 * waits on it. An age is computed at scrape from the time read, so a dispatcher that stalls shows an
 * age that keeps growing. Every instance reports the same values (the backlog is shared): alert on
 * their {@code max}, not their sum.
 */
@ApplicationScoped
@Startup
public class BacklogGauges {

    static final String DEAD_DELIVERIES = "recaudo.webhook.deliveries.dead";
    static final String OLDEST_DUE_AGE = "recaudo.outbox.oldest.due.age";
    static final String PAUSED_TARGETS = "recaudo.dispatch.targets.paused";

    private static final Logger LOG = Logger.getLogger(BacklogGauges.class);

    @Inject
    DeliveryBacklog backlog;

    @Inject
    Transactions transactions;

    @Inject
    MeterRegistry registry;

    @Inject
    Clock clock;

    /** Nothing is dead and nothing waits until the first read says otherwise. */
    private final AtomicReference<Snapshot> last = new AtomicReference<>(Snapshot.EMPTY);

    @PostConstruct
    void register() {
        for (KeyEnvironment environment : KeyEnvironment.values()) {
            Gauge.builder(DEAD_DELIVERIES, last, read -> read.get().deadDeliveries().getOrDefault(environment, 0L))
                    .description("Lifecycle webhook deliveries that ran out of attempts (until redelivered), by endpoint environment")
                    .tag("environment", environment.wireName())
                    .register(registry);
        }
        gaugeAge(DeliveryChannel.INVOICE_WEBHOOK, Snapshot::oldestDueWebhook);
        gaugeAge(DeliveryChannel.PAYMENT_CALLBACK, Snapshot::oldestQueuedCallback);
        gaugePaused(DeliveryChannel.INVOICE_WEBHOOK, Snapshot::pausedEndpoints);
        gaugePaused(DeliveryChannel.PAYMENT_CALLBACK, Snapshot::pausedCallbackOrigins);
    }

    private void gaugePaused(DeliveryChannel channel, Function<Snapshot, Map<KeyEnvironment, Long>> paused) {
        for (KeyEnvironment environment : KeyEnvironment.values()) {
            Gauge.builder(PAUSED_TARGETS, last, read -> paused.apply(read.get()).getOrDefault(environment, 0L))
                    .description("Webhook endpoints, or companies' callback origins, paused now for failing, by environment")
                    .tag("channel", channel.wireName())
                    .tag("environment", environment.wireName())
                    .register(registry);
        }
    }

    private void gaugeAge(DeliveryChannel channel, Function<Snapshot, Optional<Instant>> oldest) {
        Gauge.builder(OLDEST_DUE_AGE, last, read -> oldest.apply(read.get())
                        .map(since -> Math.max(0, Duration.between(since, clock.instant()).toMillis()) / 1000.0)
                        .orElse(0.0))
                .description("Seconds the longest-waiting due outbound delivery has waited (0 when none is due)")
                .baseUnit("seconds")
                .tag("channel", channel.wireName())
                .register(registry);
    }

    @Scheduled(every = "${recaudo.metrics.backlog-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void refresh() {
        try {
            last.set(transactions.inTransaction(() -> backlog.read(clock.instant())));
        } catch (RuntimeException e) {
            // The gauges keep their last values; the readiness check reports the database itself.
            LOG.warnf("could not read the delivery backlog for the gauges: %s", e.getMessage());
        }
    }
}
