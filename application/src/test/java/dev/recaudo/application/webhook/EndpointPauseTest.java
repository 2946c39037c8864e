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
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: an endpoint that keeps failing is paused, with a growing pause, and probed with one
 * attempt when the pause ends; a success makes it healthy. While paused, its deliveries stay
 * pending: they are not sent, their attempt count does not move, and they never die of it.
 */
class EndpointPauseTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryWebhookRepository webhooks = new InMemoryWebhookRepository();
    private int status = 500;
    private boolean unsendable;
    private final RecordingWebhookSender sender = new RecordingWebhookSender()
            .answeringBy(request -> Optional.of(unsendable
                    ? SendOutcome.failed(AttemptResult.NOT_SENT, "not sent: the secret cannot be used", 0)
                    : SendOutcome.answered(status, 3)));
    private final WebhookDispatchService service = new WebhookDispatchService(webhooks, sender,
            new RetrySchedule(Duration.ofSeconds(10), Duration.ofMinutes(1), 3, 0), new PausePolicy(3, MINUTE, MINUTE.multipliedBy(3)),
            new DispatchLimits(5, Duration.ofMinutes(1), 10, new DispatchCaps(2, 10)), new DirectTransactions(),
            new CountingMetrics(), clock, () -> 0.5, Runnable::run);
    private final WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), CompanyId.random(), KeyEnvironment.LIVE,
            "https://hooks.example/failing", Set.of("invoice.created"), EndpointSecrets.of("whsec_c2VjcmV0"), NOW);
    private final List<Row> deliveries = new ArrayList<>();

    private void queue(int count) {
        for (int i = 0; i < count; i++) {
            deliveries.add(webhooks.queue(endpoint, UUID.randomUUID(), "invoice.created", "{}", NOW.minusSeconds(1).plusMillis(i)));
        }
    }

    private TargetHealth health() {
        return webhooks.endpoint(endpoint.id()).health();
    }

    /** Attempts this side never made say nothing of the endpoint: as for callbacks, they neither count nor pause. */
    @Test
    void givenAttemptsNeverSent_whenMoreFailThanPauseAFailingEndpoint_thenItStaysHealthy() {
        unsendable = true;
        queue(6);

        for (int run = 0; run < 3; run++) {
            EveryLane.dispatch(service::dispatchDue);
        }

        assertThat(sender.sent()).hasSize(6);
        assertThat(health()).isEqualTo(TargetHealth.HEALTHY);
    }

    /** Two runs of two attempts each: the third failure in a row pauses it, the fourth (already in flight) does not lengthen it. */
    private void failFourTimes() {
        queue(10);
        EveryLane.dispatch(service::dispatchDue);
        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.sent()).hasSize(4);
    }

    @Test
    void givenAnEndpointThatKeepsFailing_whenItFailsThreeTimesInARow_thenPausedAndItsDeliveriesWaitUntouched() {
        failFourTimes();

        assertThat(health()).isEqualTo(new TargetHealth(4, 1, Optional.of(NOW.plus(MINUTE))));
        clock.advance(Duration.ofSeconds(59));
        assertThat(EveryLane.dispatch(service::dispatchDue)).as("nothing goes out while paused").isZero();
        clock.advance(Duration.ofDays(1).minusSeconds(59));
        assertThat(deliveries.subList(4, 10)).as("waiting deliveries are neither attempted nor dead")
                .allSatisfy(row -> {
                    assertThat(row.status).isEqualTo(DeliveryStatus.PENDING);
                    assertThat(row.attempts).isZero();
                });
    }

    @Test
    void givenAPauseThatEnded_whenDispatched_thenOneProbeOnlyAndItsFailureDoublesTheNextPause() {
        failFourTimes();
        clock.set(NOW.plus(MINUTE));
        sender.hold();

        EveryLane.dispatch(service::dispatchDue);
        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.inFlight()).as("one probe, though the endpoint's cap is 2").hasSize(1);
        sender.releaseAll();

        assertThat(health()).isEqualTo(new TargetHealth(5, 2, Optional.of(NOW.plus(MINUTE).plus(MINUTE.multipliedBy(2)))));
        clock.set(NOW.plus(MINUTE.multipliedBy(3)));
        EveryLane.dispatch(service::dispatchDue);
        sender.releaseAll();
        assertThat(health().pausedUntil()).as("the pause at its cap of 3 minutes")
                .hasValue(NOW.plus(MINUTE.multipliedBy(6)));
    }

    @Test
    void givenAProbeThatSucceeds_whenRecorded_thenHealthyAndTheFullCapAgain() {
        failFourTimes();
        clock.set(NOW.plus(MINUTE));
        status = 204;
        sender.hold();

        EveryLane.dispatch(service::dispatchDue);
        sender.releaseAll();
        assertThat(health()).isEqualTo(TargetHealth.HEALTHY);
        EveryLane.dispatch(service::dispatchDue);

        assertThat(sender.inFlight()).as("the endpoint's cap").hasSize(2);
    }
}
