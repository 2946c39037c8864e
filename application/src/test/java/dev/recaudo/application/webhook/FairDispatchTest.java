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
import dev.recaudo.application.fakes.RecordingWebhookSender.Sent;
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
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: one company's slow receivers must not hold back another's deliveries. Sends are held in
 * flight by the sender until a test releases them, as slow receivers would hold them: the
 * dispatcher keeps many at once, within its room per lane, the caps per endpoint and per company,
 * chooses fairly among companies, never lets test traffic take live traffic's room, and sends the
 * deliveries about one invoice to one endpoint one at a time, in event order.
 */
class FairDispatchTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(1);
    /** Per claim 3, per lane and instance 6; per endpoint 2, per company 3. */
    private static final DispatchLimits LIMITS = new DispatchLimits(3, LEASE, 6, new DispatchCaps(2, 3));

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryWebhookRepository webhooks = new InMemoryWebhookRepository();
    private final RecordingWebhookSender sender = new RecordingWebhookSender().hold();
    private final WebhookDispatchService service = instance(LIMITS, Runnable::run);

    private WebhookDispatchService instance(DispatchLimits limits, Executor recorder) {
        return new WebhookDispatchService(webhooks, sender, new RetrySchedule(Duration.ofSeconds(10), Duration.ofHours(1), 8, 0),
                new PausePolicy(5, Duration.ofMinutes(1), Duration.ofHours(1)), limits, new DirectTransactions(),
                new CountingMetrics(), clock, () -> 0.5, recorder);
    }

    private WebhookEndpoint endpoint(CompanyId company, KeyEnvironment environment) {
        UUID id = UUID.randomUUID();
        return new WebhookEndpoint(id, company, environment, "https://hooks.example/" + id, Set.of("invoice.created"),
                EndpointSecrets.of("whsec_c2VjcmV0"), NOW.minus(Duration.ofDays(1)));
    }

    /** {@code count} deliveries to the endpoint, due a millisecond apart, the last one at {@code dueAt}. */
    private List<Row> queue(WebhookEndpoint endpoint, int count, Instant dueAt) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(webhooks.queue(endpoint, UUID.randomUUID(), "invoice.created", "{}", dueAt.minusMillis(count - 1 - i)));
        }
        return rows;
    }

    @Test
    void givenOneCompanyWithAnOldBacklog_whenAnotherQueuesOneDelivery_thenTheFirstClaimTakesItToo() {
        CompanyId noisy = CompanyId.random();
        for (int i = 0; i < 3; i++) {
            queue(endpoint(noisy, KeyEnvironment.LIVE), 100, NOW.minus(Duration.ofHours(1)));
        }
        WebhookEndpoint quietEndpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        queue(quietEndpoint, 1, NOW);

        assertThat(EveryLane.dispatch(service::dispatchDue)).as("a claim's worth in each lane at most").isEqualTo(3);

        assertThat(sender.sent()).extracting(Sent::url).as("oldest first would have sent the noisy backlog only")
                .contains(quietEndpoint.url());
    }

    /**
     * The instance's room is full of one company's hanging sends (its caps allow more). When a place
     * frees, the company holding none gets it, although the noisy backlog is older: oldest first
     * would give every freed place back to the noisy company.
     */
    @Test
    void givenTheRoomFullOfOneCompanysHangingSends_whenAPlaceFrees_thenTheCompanyHoldingNoneGetsIt() {
        WebhookDispatchService small = instance(new DispatchLimits(3, LEASE, 3, new DispatchCaps(2, 10)), Runnable::run);
        CompanyId noisy = CompanyId.random();
        WebhookEndpoint first = endpoint(noisy, KeyEnvironment.LIVE);
        queue(first, 50, NOW.minus(Duration.ofHours(1)));
        queue(endpoint(noisy, KeyEnvironment.LIVE), 50, NOW.minus(Duration.ofHours(1)));
        EveryLane.dispatch(small::dispatchDue);
        assertThat(sender.inFlight()).hasSize(3);
        WebhookEndpoint quiet = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        queue(quiet, 2, NOW);

        sender.release(first.url());
        EveryLane.dispatch(small::dispatchDue);

        assertThat(sender.sent()).last().extracting(Sent::url).isEqualTo(quiet.url());
    }

    /**
     * A success hands its place to the endpoint's next delivery in the transaction that records it:
     * the backlog goes on at the endpoint's cap without a claim per attempt (no turn of the lane).
     */
    @Test
    void givenAnEndpointsBacklog_whenAnAttemptSucceeds_thenItsNextDeliveryTakesThePlaceWithoutAClaim() {
        WebhookEndpoint endpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        List<Row> backlog = queue(endpoint, 5, NOW);
        EveryLane.dispatch(service::dispatchDue);
        int claims = webhooks.claimsSerialized();

        sender.release(endpoint.url());

        assertThat(webhooks.claimsSerialized()).as("no claim").isEqualTo(claims);
        assertThat(sender.inFlight()).as("the endpoint's cap, still").hasSize(2);
        assertThat(sender.sent()).extracting(Sent::webhookId).containsExactly(backlog.get(0).eventId.toString(),
                backlog.get(1).eventId.toString(), backlog.get(2).eventId.toString());
        assertThat(backlog.get(2).leasedUntil).hasValue(NOW.plus(LEASE));
        sender.releaseAll();
        sender.releaseAll();
        sender.releaseAll();
        assertThat(backlog).extracting(row -> row.status).containsOnly(DeliveryStatus.SUCCEEDED);
        assertThat(sender.inFlight()).isEmpty();
        assertThat(EveryLane.dispatch(service::dispatchDue)).as("the places all came back to the lane").isZero();
        assertThat(service.dispatchDue(KeyEnvironment.LIVE)).isZero();
    }

    /**
     * The invoice's next event takes the place its first one's success leaves, although the recording
     * made it due only then: the hand-over looks for deliveries due at the recording's time.
     */
    @Test
    void givenTwoEventsAboutOneInvoice_whenTheFirstSucceeds_thenTheSecondTakesItsPlaceWithoutAClaim() {
        WebhookEndpoint endpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        UUID invoice = UUID.randomUUID();
        webhooks.queue(endpoint, invoice, UUID.randomUUID(), "invoice.created", "{\"created\":1}", NOW.minusMillis(1));
        Row paid = webhooks.queue(endpoint, invoice, UUID.randomUUID(), "invoice.paid", "{\"paid\":1}", NOW);
        EveryLane.dispatch(service::dispatchDue);
        int claims = webhooks.claimsSerialized();

        sender.release(endpoint.url());

        assertThat(webhooks.claimsSerialized()).as("no claim").isEqualTo(claims);
        assertThat(sender.sent()).extracting(Sent::body).containsExactly("{\"created\":1}", "{\"paid\":1}");
        assertThat(paid.leasedUntil).isPresent();
    }

    /**
     * An attempt that outlasted its lease stopped counting as in flight when the lease ran out: a
     * place handed on from its success would be one more than the caps allow, so it goes back to the
     * lane.
     */
    @Test
    void givenAnAttemptThatOutlastedItsLease_whenItSucceeds_thenItsPlaceGoesBackToTheLane() {
        WebhookEndpoint endpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        queue(endpoint, 5, NOW);
        EveryLane.dispatch(service::dispatchDue);
        int claims = webhooks.claimsSerialized();
        clock.advance(LEASE.plusSeconds(1));

        sender.release(endpoint.url());

        assertThat(webhooks.claimsSerialized()).as("the attempt's end claimed").isGreaterThan(claims);
    }

    /** A failure keeps its place from the endpoint: it goes back to the lane, whose claim chooses fairly again. */
    @Test
    void givenAnEndpointsBacklog_whenAnAttemptFails_thenItsPlaceGoesBackToTheLane() {
        WebhookEndpoint endpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        queue(endpoint, 5, NOW);
        EveryLane.dispatch(service::dispatchDue);
        int claims = webhooks.claimsSerialized();

        sender.answering(503, 5).release(endpoint.url());

        assertThat(webhooks.claimsSerialized()).as("the attempt's end claimed").isGreaterThan(claims);
        assertThat(sender.sent()).hasSize(3);
    }

    /**
     * A success never hands on a place its company needs for another endpoint: with the company's cap
     * (3) full, the place goes back to the lane, whose claim gives it to the company's endpoint holding
     * none, not to the one that held it.
     */
    @Test
    void givenACompanyAtItsCap_whenAnAttemptSucceeds_thenItsPlaceGoesToTheCompanysEndpointHoldingNone() {
        CompanyId company = CompanyId.random();
        WebhookEndpoint busy = endpoint(company, KeyEnvironment.LIVE);
        queue(busy, 5, NOW.minusSeconds(60));
        queue(endpoint(company, KeyEnvironment.LIVE), 5, NOW.minusSeconds(60));
        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.inFlight()).as("the company's cap").hasSize(3);
        WebhookEndpoint quiet = endpoint(company, KeyEnvironment.LIVE);
        queue(quiet, 1, NOW);

        sender.release(busy.url());

        assertThat(sender.sent()).last().extracting(Sent::url).isEqualTo(quiet.url());
        assertThat(sender.inFlight()).hasSize(3);
    }

    @Test
    void givenSlowReceivers_whenDispatchedAgainAndAgain_thenNoEndpointHoldsMoreThanItsCapNorACompanyMoreThanItsCap() {
        CompanyId noisy = CompanyId.random();
        WebhookEndpoint first = endpoint(noisy, KeyEnvironment.LIVE);
        WebhookEndpoint second = endpoint(noisy, KeyEnvironment.LIVE);
        queue(first, 10, NOW.minusSeconds(60));
        queue(second, 10, NOW.minusSeconds(30));

        for (int run = 0; run < 5; run++) {
            EveryLane.dispatch(service::dispatchDue);
        }

        assertThat(sender.inFlight()).as("the company's cap, 3, across its two endpoints of cap 2").hasSize(3);
        assertThat(sender.inFlight()).filteredOn(held -> held.request().url().equals(first.url())).hasSize(2);
        sender.release(first.url());
        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.inFlight()).as("a place freed is taken again").hasSize(3);
        assertThat(sender.sent()).hasSize(4);
    }

    @Test
    void givenManyCompanies_whenTheirSendsHang_thenTheInstanceHoldsAtMostItsRoomPerLane() {
        for (int i = 0; i < 5; i++) {
            queue(endpoint(CompanyId.random(), KeyEnvironment.LIVE), 3, NOW);
        }

        for (int run = 0; run < 5; run++) {
            EveryLane.dispatch(service::dispatchDue);
        }

        assertThat(sender.inFlight()).as("the lane's room on this instance").hasSize(LIMITS.inFlightMax());
    }

    @Test
    void givenTheTestLaneFullOfHangingSends_whenALiveDeliveryIsDue_thenItIsSentAtOnce() {
        for (int i = 0; i < 5; i++) {
            queue(endpoint(CompanyId.random(), KeyEnvironment.TEST), 3, NOW.minusSeconds(60));
        }
        for (int run = 0; run < 5; run++) {
            EveryLane.dispatch(service::dispatchDue);
        }
        assertThat(sender.inFlight()).hasSize(LIMITS.inFlightMax());
        WebhookEndpoint live = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        queue(live, 1, NOW);

        assertThat(EveryLane.dispatch(service::dispatchDue)).isEqualTo(1);

        assertThat(sender.sent()).last().extracting(Sent::url).isEqualTo(live.url());
    }

    @Test
    void givenTwoEventsAboutOneInvoice_whenTheFirstFails_thenTheSecondWaitsAndNeverOvertakesIt() {
        WebhookEndpoint endpoint = endpoint(CompanyId.random(), KeyEnvironment.LIVE);
        UUID invoice = UUID.randomUUID();
        Row created = webhooks.queue(endpoint, invoice, UUID.randomUUID(), "invoice.created", "{\"created\":1}", NOW);
        Row paid = webhooks.queue(endpoint, invoice, UUID.randomUUID(), "invoice.paid", "{\"paid\":1}", NOW.plusMillis(1));

        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.inFlight()).as("one delivery per invoice and endpoint in flight").hasSize(1);
        sender.answering(503, 5).release(endpoint.url());
        assertThat(created.nextAttemptAt).hasValue(NOW.plusSeconds(10));
        EveryLane.dispatch(service::dispatchDue);
        assertThat(sender.inFlight()).as("invoice.paid waits for invoice.created's retry").isEmpty();
        clock.advance(Duration.ofSeconds(10));
        EveryLane.dispatch(service::dispatchDue);
        sender.releaseAll();
        EveryLane.dispatch(service::dispatchDue);
        sender.releaseAll();

        assertThat(sender.sent()).extracting(Sent::body).containsExactly("{\"created\":1}", "{\"created\":1}", "{\"paid\":1}");
        assertThat(paid.status).isEqualTo(DeliveryStatus.SUCCEEDED);
    }

    @Test
    void givenASendThatHasAnswered_whenItsOutcomeIsNotRecordedYet_thenItStillCountsInFlightAndTheDeliveryStaysLeased() {
        List<Runnable> recordings = new ArrayList<>();
        WebhookDispatchService deferred = instance(new DispatchLimits(3, LEASE, 1, new DispatchCaps(2, 3)), recordings::add);
        Row first = queue(endpoint(CompanyId.random(), KeyEnvironment.LIVE), 1, NOW).get(0);
        queue(endpoint(CompanyId.random(), KeyEnvironment.LIVE), 1, NOW);

        EveryLane.dispatch(deferred::dispatchDue);
        sender.releaseAll();

        assertThat(first.status).as("not recorded on the sender's thread").isEqualTo(DeliveryStatus.PENDING);
        assertThat(EveryLane.dispatch(deferred::dispatchDue)).as("the room is still taken").isZero();
        recordings.forEach(Runnable::run);
        assertThat(first.status).isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(sender.sent()).as("the attempt's end claimed the other delivery into the room it left").hasSize(2);
        assertThat(EveryLane.dispatch(deferred::dispatchDue)).isZero();
    }
}
