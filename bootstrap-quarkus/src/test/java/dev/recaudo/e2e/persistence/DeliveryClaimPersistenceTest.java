package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryClaims.HandOver;
import dev.recaudo.domain.webhook.DeliveryClaims.Recording;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The outbox and the deliveries' claim against PostgreSQL: an event gets one delivery per
 * subscribed endpoint of its environment; claims of a lane take turns, so a second instance's claim
 * sees the first one's leases and an endpoint's cap holds across instances; two instances claiming
 * at once lease disjoint deliveries. The service's dispatcher claims with the real clock, so the
 * events here are dated a century ahead: only the claims of this test, made at that time, find them
 * due. Those claims may also lease deliveries other tests left pending; the assertions hold for
 * every claimed row and check this test's rows exactly.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class DeliveryClaimPersistenceTest extends DeliveryPersistence {

    private static final Instant FUTURE = Instant.parse("2126-01-01T00:00:00Z");
    private static final DispatchCaps UNCAPPED = new DispatchCaps(1_000, 1_000);

    @Test
    void givenAnEvent_whenAppended_thenEachSubscribedEndpointOfItsEnvironmentGetsOnePendingDelivery() {
        CompanyId company = new CompanyId(Tenants.company().id());
        WebhookEndpoint subscribed = endpoint(company, KeyEnvironment.TEST, Set.of("invoice.created", "invoice.paid"));
        WebhookEndpoint otherType = endpoint(company, KeyEnvironment.TEST, Set.of("invoice.paid"));
        WebhookEndpoint otherEnvironment = endpoint(company, KeyEnvironment.LIVE, Set.of("invoice.created"));
        WebhookEndpoint otherCompany = endpoint(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST,
                Set.of("invoice.created"));
        UUID invoice = UUID.randomUUID();

        List<UUID> events = append(new TenantScope(company, KeyEnvironment.TEST), 2, i -> invoice);

        for (UUID event : events) {
            assertThat(Sql.text("SELECT string_agg(endpoint_id::text || ':' || status || ':' || attempts || ':' || aggregate_id, ',')"
                    + " FROM webhook_deliveries WHERE event_id = ?", event))
                    .isEqualTo(subscribed.id() + ":PENDING:0:" + invoice);
        }
        assertThat(Sql.count("SELECT count(DISTINCT seq) FROM webhook_deliveries WHERE event_id IN (?, ?)", events.get(0),
                events.get(1))).as("numbered in the order written").isEqualTo(2);
        for (WebhookEndpoint unsubscribed : List.of(otherType, otherEnvironment, otherCompany)) {
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?", unsubscribed.id())).isZero();
        }
    }

    /**
     * Caps across instances: the first instance's claim leases as many deliveries of the endpoint as
     * its cap allows and is still open when the second instance claims. The second waits for it
     * (claims of a lane take turns), then sees those leases in flight and takes none of the
     * endpoint's deliveries, rather than as many again.
     */
    @Test
    void givenAClaimHoldingAnEndpointsCap_whenASecondInstanceClaimsMeanwhile_thenItWaitsAndTakesNoneOfThatEndpoint()
            throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        List<UUID> events = append(scope, 6, i -> UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(1));
        DispatchCaps caps = new DispatchCaps(3, 1_000);

        HeldTransaction<List<DueDelivery>> first = HeldTransaction.start(transactions,
                () -> ours(claim(scope.environment(), now, caps, 1_000), events));
        CompletableFuture<List<DueDelivery>> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> ours(claim(scope.environment(), now, caps, 1_000), events)));
        Thread.sleep(500);
        assertThat(second).as("the second claim waits for the first one's turn to end").isNotDone();
        List<DueDelivery> firsts = first.commit();

        assertThat(firsts).hasSize(3);
        assertThat(second.get(10, TimeUnit.SECONDS)).as("the endpoint's cap is taken by the first instance").isEmpty();
        finish(firsts);
        List<DueDelivery> rest = transactions.inTransaction(() -> ours(claim(scope.environment(), now, caps, 1_000), events));
        assertThat(rest).as("the cap freed, the other three").hasSize(3);
        finish(rest);
        assertDelivered(events);
    }

    @Test
    void givenTwoInstancesClaimingAtOnce_whenEachClaimsUntilNoneIsLeft_thenEveryDeliveryIsLeasedToExactlyOne()
            throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST);
        WebhookEndpoint registered = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        // Rotated, so that the claim reads the previous secret and its end as well.
        WebhookEndpoint endpoint = registered.withSecrets(
                registered.secrets().rotatedTo("whsec_rotated", FUTURE.plus(Duration.ofDays(2)), Duration.ofHours(1)));
        transactions.inTransaction(() -> {
            webhooks.replaceSecrets(endpoint.companyId(), endpoint.id(), endpoint.secrets());
            return null;
        });
        List<UUID> events = append(scope, 40, i -> UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(2));
        Callable<List<DueDelivery>> instance = () -> claimUntilNoneIsLeft(scope.environment(), now);

        List<DueDelivery> claimed = Parallel.run(2, List.of(instance, instance)).stream().flatMap(List::stream).toList();

        assertThat(claimed).extracting(DueDelivery::deliveryId).as("no delivery is leased twice").doesNotHaveDuplicates();
        List<DueDelivery> ours = ours(claimed, events);
        assertThat(ours).extracting(DueDelivery::eventId).containsExactlyInAnyOrderElementsOf(events);
        assertThat(ours).allSatisfy(due -> {
            assertThat(due.endpoint().id()).isEqualTo(endpoint.id());
            assertThat(due.endpoint().companyId()).isEqualTo(scope.companyId());
            assertThat(due.url()).isEqualTo(endpoint.url());
            assertThat(due.secrets()).isEqualTo(endpoint.secrets());
            assertThat(due.attemptsSoFar()).isZero();
            assertThat(due.body()).contains(due.eventId().toString());
        });

        assertThat(ours(claimUntilNoneIsLeft(scope.environment(), now), events)).as("every lease still holds").isEmpty();
        List<DueDelivery> again = ours(claimUntilNoneIsLeft(scope.environment(), now.plus(LEASE).plusSeconds(1)), events);
        assertThat(again).as("every lease ended").extracting(DueDelivery::deliveryId)
                .containsExactlyInAnyOrderElementsOf(ids(ours));
        finish(again);
        assertDelivered(events);
        assertThat(ours(claimUntilNoneIsLeft(scope.environment(), now.plus(Duration.ofDays(1))), events))
                .as("a delivered event is never claimed again").isEmpty();
    }

    /**
     * Order: of three events about one invoice, only the first is a candidate while it is pending,
     * also once it failed and waits for its retry; then the second, then the third. Another invoice's
     * delivery to the same endpoint never waits for them.
     */
    @Test
    void givenThreeEventsAboutOneInvoice_whenClaimed_thenOneAtATimeInTheirOrderAndOtherInvoicesDoNotWait() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        UUID invoice = UUID.randomUUID();
        List<UUID> events = append(scope, 4, i -> i < 3 ? invoice : UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(4));

        List<DueDelivery> firstRound = transactions.inTransaction(() -> ours(claim(scope.environment(), now, UNCAPPED, 1_000), events));
        assertThat(firstRound).extracting(DueDelivery::eventId).containsExactlyInAnyOrder(events.get(0), events.get(3));
        DueDelivery first = firstRound.stream().filter(due -> due.eventId().equals(events.get(0))).findFirst().orElseThrow();
        record(first, DeliveryStatus.PENDING, Optional.of(now.plusSeconds(30)));
        assertThat(transactions.inTransaction(() -> ours(claim(scope.environment(), now.plusSeconds(1), UNCAPPED, 1_000), events)))
                .as("the second waits for the first one's retry").isEmpty();
        List<DueDelivery> retry = transactions.inTransaction(() -> ours(claim(scope.environment(), now.plusSeconds(30), UNCAPPED,
                1_000), events));
        assertThat(retry).extracting(DueDelivery::eventId).containsExactly(events.get(0));
        record(retry.get(0), DeliveryStatus.SUCCEEDED, Optional.empty());
        List<DueDelivery> second = transactions.inTransaction(() -> ours(claim(scope.environment(), now.plusSeconds(31), UNCAPPED,
                1_000), events));
        assertThat(second).extracting(DueDelivery::eventId).containsExactly(events.get(1));
    }

    /**
     * An invoice whose first delivery is in flight, or failed and waits for its retry, holds back
     * its own later deliveries only: with more of them due than a claim reads of an endpoint's queue
     * (100), another invoice's delivery, written after them all, is still claimed.
     */
    @Test
    void givenAnInvoicesHeadInFlight_whenMoreThanAWindowOfItsDeliveriesWait_thenAnotherInvoiceIsStillClaimed() {
        Chain chain = longChain(FUTURE.plus(Duration.ofDays(7)));

        List<DueDelivery> whileInFlight = transactions.inTransaction(() -> ours(claim(chain.scope().environment(),
                chain.now().plusSeconds(1), UNCAPPED, 1_000), chain.events()));

        assertThat(whileInFlight).extracting(DueDelivery::eventId).containsExactly(chain.other());
    }

    @Test
    void givenAnInvoicesHeadWaitingForItsRetry_whenMoreThanAWindowOfItsDeliveriesWait_thenAnotherInvoiceIsStillClaimed() {
        Chain chain = longChain(FUTURE.plus(Duration.ofDays(8)));
        record(chain.head(), DeliveryStatus.PENDING, Optional.of(chain.now().plusSeconds(30)));

        List<DueDelivery> duringBackoff = transactions.inTransaction(() -> ours(claim(chain.scope().environment(),
                chain.now().plusSeconds(1), UNCAPPED, 1_000), chain.events()));

        assertThat(duringBackoff).extracting(DueDelivery::eventId).containsExactly(chain.other());
        List<DueDelivery> retry = transactions.inTransaction(() -> ours(claim(chain.scope().environment(),
                chain.now().plusSeconds(30), UNCAPPED, 1_000), chain.events()));
        assertThat(retry).as("the invoice's order holds").extracting(DueDelivery::eventId)
                .containsExactly(chain.events().get(0));
    }

    /**
     * Removing an endpoint holds its row while it ends its pending deliveries; recording an outcome
     * for it meanwhile gives up after a bounded wait, so the few recording threads never all queue
     * behind one removal.
     */
    @Test
    void givenAnEndpointBeingRemoved_whenAnOutcomeIsRecordedMeanwhile_thenItsWaitForTheEndpointIsBounded() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        WebhookEndpoint endpoint = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        List<UUID> events = append(scope, 1, i -> UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(12));
        DueDelivery held = transactions.inTransaction(() -> ours(claim(scope.environment(), now, UNCAPPED, 1_000), events)).get(0);
        HeldTransaction<Void> removal = HeldTransaction.start(transactions, () -> {
            webhooks.deleteEndpoint(scope.companyId(), endpoint.id());
            return null;
        });
        try {
            CompletableFuture<Recording> recording = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                    () -> claims.record(held, new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()),
                            DeliveryStatus.SUCCEEDED, Optional.empty(), now, Optional.empty())));

            assertThat(recording).failsWithin(Duration.ofSeconds(10));
        } finally {
            removal.commit();
        }
    }

    /**
     * The place of an attempt just recorded goes to the same endpoint's next delivery in the same
     * transaction: the oldest free one that waits for no earlier one about its invoice (so the
     * invoice's second event, due from the first's recording on, before another invoice's due a
     * second later), leased as a claim leases; never another endpoint's, however old, and nothing
     * once the endpoint's queue is empty.
     */
    @Test
    void givenAnAttemptRecorded_whenItsPlaceIsHandedOn_thenTheEndpointsNextDeliveryInItsInvoicesOrderIsLeased() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        WebhookEndpoint endpoint = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        Instant now = FUTURE.plus(Duration.ofDays(9));
        UUID invoice = UUID.randomUUID();
        List<UUID> events = append(scope, now.minusSeconds(60), 3, i -> i < 2 ? invoice : UUID.randomUUID());
        DueDelivery first = transactions.inTransaction(() -> ours(claim(scope.environment(), now, new DispatchCaps(1, 10),
                1_000), events)).get(0);
        assertThat(first.eventId()).isEqualTo(events.get(0));
        // Older than all of them, free, of another company's endpoint in the same lane.
        TenantScope older = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(older.companyId(), older.environment(), Set.of("invoice.created"));
        List<UUID> others = append(older, now.minus(Duration.ofDays(1)), 2, i -> UUID.randomUUID());

        // Recorded as the second event is created: the third, a second younger, is not due yet.
        DueDelivery second = handOn(first, now.minusSeconds(59), 10).orElseThrow();
        DueDelivery third = handOn(second, now, 10).orElseThrow();

        assertThat(List.of(second.eventId(), third.eventId())).containsExactly(events.get(1), events.get(2));
        assertThat(third.endpoint()).isEqualTo(first.endpoint());
        assertThat(third.body()).contains(events.get(2).toString());
        assertThat(Sql.text("SELECT extract(epoch FROM leased_until)::bigint FROM webhook_deliveries WHERE id = ?",
                third.deliveryId())).isEqualTo(String.valueOf(now.plus(LEASE).getEpochSecond()));
        assertThat(handOn(third, now, 10)).as("the endpoint's queue is empty").isEmpty();
        assertDelivered(events);
        finish(ours(transactions.inTransaction(() -> claim(older.environment(), now, UNCAPPED, 1_000)), others));
    }

    /**
     * The company's last place is not handed on: with the company's other attempts in flight and the
     * handed one at its cap, the place goes back to the lane, whose claim may give it to another of
     * the company's endpoints; the delivery stays free.
     */
    @Test
    void givenACompanyWhoseCapTheHandedPlaceWouldFill_whenItsPlaceIsHandedOn_thenNothingIsLeased() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.paid"));
        Instant now = FUTURE.plus(Duration.ofDays(10));
        List<UUID> created = append(scope, now.minusSeconds(60), 3, i -> UUID.randomUUID());
        UUID paid = UUID.randomUUID();
        transactions.inTransaction(() -> {
            outbox.append(new OutboxEvent(paid, scope, UUID.randomUUID(), "invoice.paid", now.minusSeconds(60),
                    Map.of("id", paid.toString())));
            return null;
        });
        List<DueDelivery> inFlight = transactions.inTransaction(() -> ours(claim(scope.environment(), now,
                new DispatchCaps(1, 10), 1_000), Stream.concat(created.stream(), Stream.of(paid)).toList()));
        assertThat(inFlight).extracting(DueDelivery::eventId).containsExactlyInAnyOrder(created.get(0), paid);
        DueDelivery first = inFlight.stream().filter(due -> due.eventId().equals(created.get(0))).findFirst().orElseThrow();

        assertThat(handOn(first, now, 2)).as("1 other in flight + 1 handed on = the cap of 2: none left for others").isEmpty();
        assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE event_id IN (?, ?) AND leased_until IS NULL",
                created.get(1), created.get(2))).isEqualTo(2);
        DueDelivery second = transactions.inTransaction(() -> ours(claim(scope.environment(), now, new DispatchCaps(1, 10),
                1_000), created)).get(0);
        Optional<DueDelivery> third = handOn(second, now, 3);
        assertThat(third).as("a cap of 3 leaves one place free beside it").isPresent();
        finish(List.of(third.get(), inFlight.stream().filter(due -> due.eventId().equals(paid)).findFirst().orElseThrow()));
    }

    /** A delivery another transaction is leasing is skipped, not waited for: no delivery goes out twice. */
    @Test
    void givenTheEndpointsNextLockedByAClaim_whenAPlaceIsHandedOn_thenItIsSkippedWithoutWaiting() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        Instant now = FUTURE.plus(Duration.ofDays(11));
        List<UUID> events = append(scope, now.minusSeconds(60), 2, i -> UUID.randomUUID());
        DueDelivery first = transactions.inTransaction(() -> ours(claim(scope.environment(), now, new DispatchCaps(1, 10),
                1_000), events)).get(0);
        UUID next = UUID.fromString(Sql.text("SELECT id::text FROM webhook_deliveries WHERE event_id = ?", events.get(1)));
        HeldTransaction<List<DueDelivery>> claim = HeldTransaction.start(transactions, () -> claims.lease(List.of(next), now, LEASE));
        try {
            assertThat(CompletableFuture.supplyAsync(() -> handOn(first, now, 10)).get(10, TimeUnit.SECONDS)).isEmpty();
        } finally {
            finish(claim.commit());
        }
    }

    /**
     * A holder whose lease ran out and was claimed again records its success too late: the recording
     * writes nothing, and the hand-over in its round trip leases nothing either, since the place was
     * not the stale holder's to give (the new holder's attempt holds it).
     */
    @Test
    void givenALeaseClaimedAgain_whenTheStaleHoldersSuccessIsRecordedWithAHandOver_thenNothingIsHandedOn() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        Instant now = FUTURE.plus(Duration.ofDays(13));
        List<UUID> events = append(scope, now.minusSeconds(60), 2, i -> UUID.randomUUID());
        DispatchCaps oneAtATime = new DispatchCaps(1, 10);
        DueDelivery stale = transactions.inTransaction(() -> ours(claim(scope.environment(), now, oneAtATime, 1_000), events)).get(0);
        Instant later = now.plus(LEASE).plusSeconds(1);
        DueDelivery current = transactions.inTransaction(() -> ours(claim(scope.environment(), later, oneAtATime, 1_000), events))
                .get(0);
        assertThat(current.deliveryId()).isEqualTo(stale.deliveryId());

        Recording recording = transactions.inTransaction(() -> claims.record(stale,
                new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()), DeliveryStatus.SUCCEEDED, Optional.empty(), later,
                Optional.of(new HandOver(LEASE, 10))));

        assertThat(recording.lease()).isEqualTo(LeaseState.LOST);
        assertThat(recording.next()).isEmpty();
        assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE event_id = ? AND leased_until IS NULL", events.get(1)))
                .as("the endpoint's next delivery, still free").isEqualTo(1);
        finish(List.of(current));
    }

    /**
     * An attempt whose lease ran out while its success waited to be recorded (for a connection, for
     * the endpoint's lock) is recorded, as no claim took the delivery back, but hands nothing on: its
     * place stopped counting as in flight when the lease ran out, and a claim may have given it away.
     */
    @Test
    void givenALeaseThatRanOutBeforeItsSuccessWasRecorded_whenItsPlaceIsHandedOn_thenNothingIsLeased() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        // The database's clock judges the lease: everything here happened an hour ago.
        Instant past = Instant.now().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        List<UUID> events = append(scope, past, 2, i -> UUID.randomUUID());
        Instant claimedAt = past.plusSeconds(10);
        DueDelivery ranOut = transactions.inTransaction(() -> ours(claim(scope.environment(), claimedAt, new DispatchCaps(1, 10),
                1_000), events)).get(0);

        Recording recording = transactions.inTransaction(() -> claims.record(ranOut,
                new DeliveryAttempt(claimedAt, 5, Optional.of(200), Optional.empty()), DeliveryStatus.SUCCEEDED, Optional.empty(),
                claimedAt.plusSeconds(1), Optional.of(new HandOver(LEASE, 10))));

        assertThat(recording.lease()).as("no claim took it back: its success counts").isEqualTo(LeaseState.HELD);
        assertThat(recording.next()).isEmpty();
        assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE event_id = ? AND leased_until IS NULL", events.get(1)))
                .as("the endpoint's next delivery, still free").isEqualTo(1);
    }

    /** Records a successful attempt and hands its place on, in one round trip, as the dispatcher does. */
    private Optional<DueDelivery> handOn(DueDelivery done, Instant now, int perCompanyMax) {
        Recording recording = transactions.inTransaction(() -> claims.record(done,
                new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()), DeliveryStatus.SUCCEEDED, Optional.empty(), now,
                Optional.of(new HandOver(LEASE, perCompanyMax))));
        assertThat(recording.lease()).isEqualTo(LeaseState.HELD);
        assertThat(recording.health()).contains(TargetHealth.HEALTHY);
        return recording.next();
    }

    /** An endpoint's 101 events about one invoice, then one about another; the first claim has leased the first. */
    private record Chain(TenantScope scope, List<UUID> events, UUID other, Instant now, DueDelivery head) {}

    private Chain longChain(Instant from) {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        UUID invoice = UUID.randomUUID();
        List<UUID> events = append(scope, from, 102, i -> i < 101 ? invoice : UUID.randomUUID());
        Instant now = from.plus(Duration.ofDays(1));
        List<DueDelivery> first = transactions.inTransaction(() -> ours(claim(scope.environment(), now, UNCAPPED, 1_000), events));
        assertThat(first).extracting(DueDelivery::eventId).contains(events.get(0));
        DueDelivery head = first.stream().filter(due -> due.eventId().equals(events.get(0))).findFirst().orElseThrow();
        return new Chain(scope, events, events.get(101), now, head);
    }

    /**
     * A paused endpoint gives no candidate until its pause ends, and its in-flight attempts still
     * count for its company; its health is stored and read back as the dispatcher changes it.
     */
    @Test
    void givenAPausedEndpoint_whenClaiming_thenNothingOfItsUntilThePauseEndsAndItsHealthRoundTrips() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        WebhookEndpoint endpoint = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        List<UUID> events = append(scope, 3, i -> UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(5));
        List<DueDelivery> inFlight = transactions.inTransaction(() -> ours(claim(scope.environment(), now, new DispatchCaps(1, 10),
                1_000), events));
        assertThat(inFlight).hasSize(1);
        TargetHealth paused = new TargetHealth(5, 1, Optional.of(now.plusSeconds(60)));
        transactions.inTransaction(() -> {
            assertThat(webhooks.findEndpoint(scope.companyId(), endpoint.id())).map(WebhookEndpoint::health)
                    .contains(TargetHealth.HEALTHY);
            claims.storeHealth(scope.companyId(), endpoint.id(), paused);
            return null;
        });

        Candidates candidates = transactions.inTransaction(() -> claims.candidates(scope.environment(), now.plusSeconds(1), 10));
        assertThat(candidates.due()).extracting(candidate -> candidate.target().key()).doesNotContain(endpoint.id().toString());
        assertThat(candidates.companiesInFlight()).containsEntry(scope.companyId(), 1);
        assertThat(webhooks.findEndpoint(scope.companyId(), endpoint.id())).map(WebhookEndpoint::health).contains(paused);
        List<DueDelivery> afterPause = transactions.inTransaction(() -> ours(claim(scope.environment(), now.plusSeconds(60),
                UNCAPPED, 1_000), events));
        assertThat(afterPause).as("the pause ended, but a probe is one attempt at a time and one is in flight").isEmpty();
        finish(inFlight);
        assertThat(transactions.inTransaction(() -> ours(claim(scope.environment(), now.plusSeconds(60), UNCAPPED, 1_000), events)))
                .as("one probe at a time").hasSize(1);
    }

    /**
     * One company's thousand pending deliveries over ten endpoints do not hide another company's one:
     * the first claim of production's size and caps takes it. The claim's time, turn and lease
     * included, is printed for docs/decisions.md ("Fair dispatch"): it is how long a claim holds the
     * lane's turn.
     */
    @Test
    void givenAThousandPendingDeliveriesOfOneCompany_whenClaiming_thenAnotherCompanysDeliveryIsInTheFirstClaim() {
        TenantScope noisy = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        List<UUID> events = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            endpoint(noisy.companyId(), noisy.environment(), Set.of("invoice.created"));
        }
        for (int i = 0; i < 10; i++) {
            events.addAll(append(noisy, 10, n -> UUID.randomUUID()));
        }
        TenantScope quiet = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(quiet.companyId(), quiet.environment(), Set.of("invoice.created"));
        List<UUID> quietEvent = append(quiet, 1, n -> UUID.randomUUID());
        events.addAll(quietEvent);
        DispatchCaps production = new DispatchCaps(2, 10);
        Instant now = FUTURE.plus(Duration.ofDays(6));

        List<Long> micros = new ArrayList<>();
        List<DueDelivery> first = null;
        for (int round = 0; round < 20; round++) {
            long started = System.nanoTime();
            List<DueDelivery> claimed = transactions.inTransaction(() -> claim(noisy.environment(), now, production, 20));
            micros.add((System.nanoTime() - started) / 1_000);
            first = first == null ? claimed : first;
            finish(ours(claimed, events));
        }

        assertThat(ours(first, quietEvent)).as("the quiet company's delivery in the first claim").hasSize(1);
        assertThat(ours(first, events)).as("the noisy company's cap and the quiet one's delivery").hasSize(11);
        micros.sort(null);
        System.out.printf("claim of 20 with %d pending deliveries: p50 %d us, max %d us%n", Sql.count(
                "SELECT count(*) FROM webhook_deliveries WHERE status = 'PENDING'"), micros.get(10), micros.get(19));
    }

    /**
     * A secret that cannot be opened (its key left the keyring too early) holds back its own
     * deliveries only: the claim leases them, sends nothing for them, and hands out the rest.
     */
    @Test
    void givenAnEndpointWhoseSecretCannotBeOpened_whenClaiming_thenOnlyItsDeliveriesWaitAndTheOthersAreClaimed() {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        WebhookEndpoint readable = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        WebhookEndpoint unreadable = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        Sql.execute("UPDATE webhook_endpoints SET secret = 'sealed:v1:gone:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' WHERE id = ?",
                unreadable.id());
        List<UUID> events = append(scope, 2, i -> UUID.randomUUID());
        Instant now = FUTURE.plus(Duration.ofDays(3));

        List<DueDelivery> claimed = ours(transactions.inTransaction(() -> claim(scope.environment(), now, UNCAPPED, 1_000)), events);

        assertThat(claimed).hasSize(2).extracting(DueDelivery::url).containsOnly(readable.url());
        assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'PENDING'"
                + " AND attempts = 0 AND leased_until IS NOT NULL", unreadable.id())).isEqualTo(2);
        // Neither endpoint's deliveries may be left for the other tests' claims.
        Sql.execute("DELETE FROM webhook_deliveries WHERE endpoint_id IN (?, ?)", readable.id(), unreadable.id());
    }

    /** Claims of four at a time, without caps, until one finds nothing. */
    private List<DueDelivery> claimUntilNoneIsLeft(KeyEnvironment lane, Instant now) {
        List<DueDelivery> claimed = new ArrayList<>();
        for (List<DueDelivery> due = claimOfFour(lane, now); !due.isEmpty(); due = claimOfFour(lane, now)) {
            claimed.addAll(due);
        }
        return claimed;
    }

    private List<DueDelivery> claimOfFour(KeyEnvironment lane, Instant now) {
        return transactions.inTransaction(() -> claim(lane, now, UNCAPPED, 4));
    }

    private void record(DueDelivery due, DeliveryStatus status, Optional<Instant> next) {
        assertThat(transactions.inTransaction(() -> claims.record(due,
                new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()), status, next, FUTURE, Optional.empty()).lease()))
                .isEqualTo(LeaseState.HELD);
    }

    /** Records a successful attempt of each claimed delivery, releasing their leases. */
    private void finish(List<DueDelivery> claimed) {
        claimed.forEach(due -> record(due, DeliveryStatus.SUCCEEDED, Optional.empty()));
    }

    private static void assertDelivered(List<UUID> events) {
        for (UUID event : events) {
            assertThat(Sql.text("SELECT status || ':' || attempts FROM webhook_deliveries WHERE event_id = ?", event))
                    .isEqualTo("SUCCEEDED:1");
        }
    }

    /** {@code count} events of the scope, a second apart, the i-th about {@code invoiceOf(i)}. */
    private List<UUID> append(TenantScope scope, int count, IntFunction<UUID> invoiceOf) {
        return append(scope, FUTURE, count, invoiceOf);
    }

    /** {@code count} events of the scope, a second apart from {@code first}, the i-th about {@code invoiceOf(i)}. */
    private List<UUID> append(TenantScope scope, Instant first, int count, IntFunction<UUID> invoiceOf) {
        List<UUID> events = IntStream.range(0, count).mapToObj(i -> UUID.randomUUID()).toList();
        transactions.inTransaction(() -> {
            for (int i = 0; i < count; i++) {
                outbox.append(new OutboxEvent(events.get(i), scope, invoiceOf.apply(i), "invoice.created", first.plusSeconds(i),
                        Map.of("id", events.get(i).toString())));
            }
            return null;
        });
        return events;
    }

    private static List<DueDelivery> ours(List<DueDelivery> claimed, List<UUID> events) {
        Set<UUID> ours = new HashSet<>(events);
        return claimed.stream().filter(due -> ours.contains(due.eventId())).toList();
    }

    private static Set<UUID> ids(List<DueDelivery> deliveries) {
        Set<UUID> ids = new HashSet<>();
        deliveries.forEach(due -> ids.add(due.deliveryId()));
        return ids;
    }
}
