package dev.recaudo.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.EveryLane;
import dev.recaudo.application.fakes.InMemoryWebhookRepository;
import dev.recaudo.application.fakes.InMemoryWebhookRepository.Row;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RecordingWebhookSender;
import dev.recaudo.application.fakes.RecordingWebhookSender.Sent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.text.MessageFormat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Sending due webhook deliveries, retrying with backoff and giving up, without a database or a network. */
class WebhookDispatchServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(2);
    private static final int ATTEMPTS_MAX = 4;
    /** Two per claim, as many in flight as the tests need; pauses after more failures than a delivery may have. */
    private static final DispatchLimits LIMITS = new DispatchLimits(2, LEASE, 10, new DispatchCaps(2, 4));
    private static final PausePolicy PAUSES = new PausePolicy(5, Duration.ofMinutes(1), Duration.ofMinutes(10));

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryWebhookRepository webhooks = new InMemoryWebhookRepository();
    private final RecordingWebhookSender sender = new RecordingWebhookSender();
    private final DirectTransactions transactions = new DirectTransactions();
    private final CountingMetrics metrics = new CountingMetrics();
    private final WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), CompanyId.random(), KeyEnvironment.LIVE,
            "https://hooks.acme.example/recaudo", Set.of("invoice.paid"), EndpointSecrets.of("whsec_c2VjcmV0"),
            NOW.minus(Duration.ofDays(1)));
    private double random = 0.5;
    private final WebhookDispatchService service = instance(sender);

    /** A dispatcher on the shared repository and clock, as another instance's would be; outcomes recorded at once. */
    private WebhookDispatchService instance(RecordingWebhookSender itsSender) {
        return new WebhookDispatchService(webhooks, itsSender,
                new RetrySchedule(Duration.ofSeconds(10), Duration.ofMinutes(1), ATTEMPTS_MAX, 0.2), PAUSES, LIMITS,
                transactions, metrics, clock, () -> random, Runnable::run);
    }

    private Row queued(Instant dueAt) {
        return webhooks.queue(endpoint, UUID.randomUUID(), "invoice.paid", "{\"type\":\"invoice.paid\"}", dueAt);
    }

    @Test
    void givenADueDelivery_whenDispatched_thenTheSenderGetsWhatItSignsAndTheSuccessIsRecorded() {
        Row delivery = queued(NOW);
        sender.answering(204, 35);

        assertThat(EveryLane.dispatch(service::dispatchDue)).isEqualTo(1);

        assertThat(sender.sent()).containsExactly(new Sent(endpoint.url(), delivery.eventId.toString(), NOW, delivery.body,
                List.of("whsec_c2VjcmV0"), Optional.empty()));
        assertThat(delivery.status).isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(delivery.attempts).isEqualTo(1);
        assertThat(delivery.nextAttemptAt).isEmpty();
        assertThat(delivery.leasedUntil).isEmpty();
        assertThat(delivery.attemptLog).containsExactly(new DeliveryAttempt(NOW, 35, Optional.of(204), Optional.empty()));
        assertThat(transactions.started()).as("one claim per lane, one per attempt, one when it ended").isEqualTo(4);
        assertThat(webhooks.claimsSerialized()).as("each claim took its turn").isEqualTo(3);
    }

    /** The warning says why the attempt is not recorded: the endpoint is gone, not a lease taken over. */
    @Test
    void givenTheEndpointRemovedDuringTheAttempt_whenItsOutcomeArrives_thenNotRecordedAndTheWarningSaysTheEndpointWasRemoved() {
        Row delivery = queued(NOW);
        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                warnings.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger logger = Logger.getLogger(WebhookDispatchService.class.getName());
        logger.addHandler(capture);
        try {
            instance(new RecordingWebhookSender().answeringBy(sent -> {
                webhooks.deleteEndpoint(endpoint.companyId(), endpoint.id());
                return Optional.of(SendOutcome.answered(204, 5));
            })).dispatchDue(KeyEnvironment.LIVE);
        } finally {
            logger.removeHandler(capture);
        }

        assertThat(delivery.attemptLog).isEmpty();
        assertThat(warnings).singleElement().extracting(record -> MessageFormat.format(record.getMessage(), record.getParameters()))
                .isEqualTo("Webhook delivery " + delivery.id + ": its endpoint was removed during the attempt;"
                        + " this attempt (204) is not recorded");
    }

    @Test
    void givenMoreDueThanABatch_whenDispatched_thenTheOldestBatchGoesFirstAndTheRestInThePlacesTheyLeave() {
        Row third = queued(NOW.minusSeconds(10));
        Row first = queued(NOW.minusSeconds(30));
        Row second = queued(NOW.minusSeconds(20));

        assertThat(EveryLane.dispatch(service::dispatchDue)).as("the claim's batch of two").isEqualTo(2);
        assertThat(sender.sent()).extracting(Sent::webhookId)
                .as("the claim's two oldest; the first's answer, here at once, hands its place to the third before the second goes")
                .containsExactly(first.eventId.toString(), third.eventId.toString(), second.eventId.toString());
        assertThat(EveryLane.dispatch(service::dispatchDue)).isZero();
    }

    @Test
    void givenADeliveryNotYetDueAndOneLeasedByAnotherInstance_whenDispatched_thenNeitherIsSentUntilItsTime() {
        Row later = queued(NOW.plusSeconds(30));
        Row leased = queued(NOW.minusSeconds(5));
        leased.leasedUntil = Optional.of(NOW.plusSeconds(60));

        assertThat(EveryLane.dispatch(service::dispatchDue)).isZero();
        clock.advance(Duration.ofSeconds(61));
        assertThat(EveryLane.dispatch(service::dispatchDue)).isEqualTo(2);

        assertThat(later.status).isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(leased.status).isEqualTo(DeliveryStatus.SUCCEEDED);
    }

    @Test
    void givenFailures_whenDispatched_thenPendingAgainAfterAThreefoldGrowingDelay() {
        Row delivery = queued(NOW);
        sender.answering(500, 12).failing(AttemptResult.TIMEOUT, "connect timed out", 5_000).answering(302, 8);

        EveryLane.dispatch(service::dispatchDue);
        assertThat(delivery.status).isEqualTo(DeliveryStatus.PENDING);
        assertThat(delivery.nextAttemptAt).hasValue(NOW.plusSeconds(10));
        clock.set(NOW.plusSeconds(10));
        EveryLane.dispatch(service::dispatchDue);
        assertThat(delivery.nextAttemptAt).hasValue(NOW.plusSeconds(10 + 30));
        clock.set(NOW.plusSeconds(40));
        EveryLane.dispatch(service::dispatchDue);

        assertThat(delivery.status).as("a redirect is not a delivery").isEqualTo(DeliveryStatus.PENDING);
        assertThat(delivery.nextAttemptAt).as("90 s capped at a minute").hasValue(NOW.plusSeconds(40 + 60));
        assertThat(delivery.attempts).isEqualTo(3);
        assertThat(delivery.attemptLog).extracting(DeliveryAttempt::statusCode, DeliveryAttempt::error).containsExactly(
                tuple(Optional.of(500), Optional.empty()),
                tuple(Optional.empty(), Optional.of("connect timed out")),
                tuple(Optional.of(302), Optional.empty()));
        assertThat(metrics.attempts()).extracting(CountingMetrics.Attempt::result).containsExactly(
                AttemptResult.STATUS_5XX, AttemptResult.TIMEOUT, AttemptResult.STATUS_3XX);
        assertThat(metrics.attempts()).extracting(CountingMetrics.Attempt::channel).containsOnly(DeliveryChannel.INVOICE_WEBHOOK);
    }

    /** Which secrets sign is decided at each attempt: a retry after the overlap carries the new secret's signature only. */
    @Test
    void givenARotatedSecret_whenRetriedInsideAndAfterTheOverlap_thenBothSecretsSignUntilItEndsThenOnlyTheNewOne() {
        queued(NOW);
        webhooks.replaceSecrets(endpoint.companyId(), endpoint.id(),
                endpoint.secrets().rotatedTo("whsec_bmV3", NOW, Duration.ofSeconds(15)));
        sender.answering(500, 1).answering(500, 1);

        EveryLane.dispatch(service::dispatchDue);
        clock.set(NOW.plusSeconds(10));
        EveryLane.dispatch(service::dispatchDue);
        clock.set(NOW.plusSeconds(40));
        EveryLane.dispatch(service::dispatchDue);

        assertThat(sender.sent()).extracting(Sent::secrets).containsExactly(
                List.of("whsec_bmV3", "whsec_c2VjcmV0"),
                List.of("whsec_bmV3", "whsec_c2VjcmV0"),
                List.of("whsec_bmV3"));
    }

    @Test
    void givenJitter_whenAFailureIsRescheduled_thenTheDelayMovesByAtMostTheJitterEitherWay() {
        Row delivery = queued(NOW);
        sender.answering(503, 1).answering(503, 1);

        random = 0.0;
        EveryLane.dispatch(service::dispatchDue);
        assertThat(delivery.nextAttemptAt).as("10 s less a fifth").hasValue(NOW.plusSeconds(8));
        random = 1.0;
        clock.set(NOW.plusSeconds(8));
        EveryLane.dispatch(service::dispatchDue);

        assertThat(delivery.nextAttemptAt).as("30 s and a fifth").hasValue(NOW.plusSeconds(8 + 36));
    }

    @Test
    void givenTheLastAttempt_whenItFails_thenTheDeliveryIsDeadAndNeverSentAgain() {
        Row delivery = queued(NOW);
        delivery.attempts = ATTEMPTS_MAX - 1;
        sender.answering(500, 1);

        EveryLane.dispatch(service::dispatchDue);
        clock.advance(Duration.ofDays(1));

        assertThat(delivery.status).isEqualTo(DeliveryStatus.DEAD);
        assertThat(delivery.nextAttemptAt).isEmpty();
        assertThat(delivery.attempts).isEqualTo(ATTEMPTS_MAX);
        assertThat(EveryLane.dispatch(service::dispatchDue)).isZero();
        assertThat(sender.sent()).hasSize(1);
    }

    @Test
    void givenASlowSend_whenItFails_thenTheAttemptIsStampedAtItsStartAndTheRetryCountsFromItsEnd() {
        Row delivery = queued(NOW);
        sender.answering(500, 7_000).whileSending(() -> clock.advance(Duration.ofSeconds(7)));

        EveryLane.dispatch(service::dispatchDue);

        assertThat(delivery.attemptLog).singleElement().extracting(DeliveryAttempt::attemptedAt).isEqualTo(NOW);
        assertThat(delivery.nextAttemptAt).hasValue(NOW.plusSeconds(7 + 10));
    }

    /**
     * Instance A's send outlasts its lease; instance B claims the delivery meanwhile, sends and records
     * success. A's late record is refused: one attempt counted, the delivery stays as B left it.
     */
    @Test
    void givenASendSlowerThanTheLease_whenAnotherInstanceTookTheDeliveryOver_thenOnlyTheNewHoldersAttemptIsRecorded() {
        Row delivery = queued(NOW);
        RecordingWebhookSender otherSender = new RecordingWebhookSender().answering(204, 20);
        WebhookDispatchService otherInstance = instance(otherSender);
        sender.answering(500, 150_000).whileSending(() -> {
            clock.advance(LEASE.plusSeconds(30));
            assertThat(EveryLane.dispatch(otherInstance::dispatchDue)).isEqualTo(1);
        });

        EveryLane.dispatch(service::dispatchDue);

        assertThat(sender.sent()).hasSize(1);
        assertThat(otherSender.sent()).hasSize(1);
        assertThat(delivery.status).isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(delivery.attempts).isEqualTo(1);
        assertThat(delivery.attemptLog).singleElement().extracting(DeliveryAttempt::statusCode).isEqualTo(Optional.of(204));
    }
}
