package dev.recaudo.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.EveryLane;
import dev.recaudo.application.fakes.InMemoryWebhookRepository;
import dev.recaudo.application.fakes.InMemoryWebhookRepository.Row;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RecordingWebhookSender;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: an instance that stops claims nothing more and hands no place on, so nothing is left
 * claimed and never sent, while the attempts it started finish and are recorded; shutting down waits
 * for them, for a bounded time.
 */
class DispatchStopTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
    /** Per claim 2, per lane and instance 4; per endpoint 2, per company 4. */
    private static final DispatchLimits LIMITS = new DispatchLimits(2, Duration.ofMinutes(1), 4, new DispatchCaps(2, 4));

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryWebhookRepository webhooks = new InMemoryWebhookRepository();
    private final RecordingWebhookSender sender = new RecordingWebhookSender().hold();
    private final WebhookDispatchService service = new WebhookDispatchService(webhooks, sender,
            new RetrySchedule(Duration.ofSeconds(10), Duration.ofHours(1), 8, 0), new PausePolicy(5, Duration.ofMinutes(1),
                    Duration.ofHours(1)), LIMITS, new DirectTransactions(), new CountingMetrics(), clock, () -> 0.5, Runnable::run);
    private final WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), CompanyId.random(), KeyEnvironment.LIVE,
            "https://hooks.example/stop", Set.of("invoice.created"), EndpointSecrets.of("whsec_c2VjcmV0"),
            NOW.minus(Duration.ofDays(1)));

    private List<Row> backlog(int count) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(webhooks.queue(endpoint, UUID.randomUUID(), "invoice.created", "{}", NOW.minusMillis(count - i)));
        }
        return rows;
    }

    @Test
    void givenAttemptsInFlight_whenStoppedThenAnswered_thenTheyAreRecordedAndTheirPlacesNotHandedOn() throws Exception {
        List<Row> rows = backlog(4);
        assertThat(EveryLane.dispatch(service::dispatchDue)).as("the endpoint's cap").isEqualTo(2);

        service.stopClaiming();
        sender.release(endpoint.url());
        sender.release(endpoint.url());

        assertThat(rows.subList(0, 2)).allSatisfy(row -> assertThat(row.status).isEqualTo(DeliveryStatus.SUCCEEDED));
        assertThat(rows.subList(2, 4)).as("the rest: neither handed a place nor claimed, so free for another instance")
                .allSatisfy(row -> {
                    assertThat(row.status).isEqualTo(DeliveryStatus.PENDING);
                    assertThat(row.leasedUntil).isEmpty();
                    assertThat(row.attempts).isZero();
                });
        assertThat(sender.sent()).hasSize(2);
        assertThat(EveryLane.dispatch(service::dispatchDue)).as("a scheduled run after the stop").isZero();
        assertThat(service.awaitIdle(Duration.ZERO)).isZero();
    }

    @Test
    void givenAnAttemptInFlight_whenStopping_thenAwaitIdleWaitsForItsOutcomeWithinItsBound() throws Exception {
        Row row = backlog(1).get(0);
        EveryLane.dispatch(service::dispatchDue);
        service.stopClaiming();

        assertThat(service.awaitIdle(Duration.ofMillis(50))).as("still in flight past the bound").isEqualTo(1);

        CompletableFuture<Void> answered = CompletableFuture.runAsync(() -> sender.release(endpoint.url()),
                CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS));
        long started = System.nanoTime();
        assertThat(service.awaitIdle(Duration.ofSeconds(10))).isZero();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("returned once the outcome was recorded")
                .isLessThan(5_000);
        answered.join();
        assertThat(row.status).isEqualTo(DeliveryStatus.SUCCEEDED);
    }
}
