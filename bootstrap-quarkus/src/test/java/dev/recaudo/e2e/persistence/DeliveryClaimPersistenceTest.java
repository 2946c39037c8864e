package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The outbox and the deliveries' claim against PostgreSQL: an event gets one delivery per
 * subscribed endpoint of its environment, and two instances claiming at once lease disjoint
 * deliveries. The service's dispatcher claims with the real clock, so the events here are dated a
 * century ahead: only the claims of this test, made at that time, find them due. Those claims may
 * also lease deliveries other tests left pending; the assertions hold for every claimed row and
 * check this test's rows exactly.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class DeliveryClaimPersistenceTest {

    private static final Duration LEASE = Duration.ofMinutes(1);
    private static final Instant FUTURE = Instant.parse("2126-01-01T00:00:00Z");

    @Inject
    WebhookRepository webhooks;

    @Inject
    Outbox outbox;

    @Inject
    Transactions transactions;

    @Test
    void givenAnEvent_whenAppended_thenEachSubscribedEndpointOfItsEnvironmentGetsOnePendingDelivery() {
        CompanyId company = new CompanyId(Tenants.company().id());
        WebhookEndpoint subscribed = endpoint(company, KeyEnvironment.TEST, Set.of("invoice.created", "invoice.paid"));
        WebhookEndpoint otherType = endpoint(company, KeyEnvironment.TEST, Set.of("invoice.paid"));
        WebhookEndpoint otherEnvironment = endpoint(company, KeyEnvironment.LIVE, Set.of("invoice.created"));
        WebhookEndpoint otherCompany = endpoint(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST,
                Set.of("invoice.created"));

        List<UUID> events = append(new TenantScope(company, KeyEnvironment.TEST), 2);

        for (UUID event : events) {
            assertThat(Sql.text("SELECT string_agg(endpoint_id::text || ':' || status || ':' || attempts, ',')"
                    + " FROM webhook_deliveries WHERE event_id = ?", event))
                    .isEqualTo(subscribed.id() + ":PENDING:0");
        }
        for (WebhookEndpoint unsubscribed : List.of(otherType, otherEnvironment, otherCompany)) {
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?", unsubscribed.id())).isZero();
        }
    }

    @Test
    void givenAClaimInAnOpenTransaction_whenASecondInstanceClaims_thenItGetsOtherDeliveriesWithoutWaiting() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);
        endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        List<UUID> events = append(scope, 6);
        Instant now = FUTURE.plus(Duration.ofDays(1));
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);

        CompletableFuture<List<DueDelivery>> first = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            List<DueDelivery> due = webhooks.claimDue(now, LEASE, 3);
            claimed.countDown();
            await(released);
            return due;
        }));
        await(claimed);
        List<DueDelivery> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> webhooks.claimDue(now, LEASE, 3))).get(10, TimeUnit.SECONDS);
        released.countDown();

        Set<UUID> firstIds = ids(first.get(30, TimeUnit.SECONDS));
        assertThat(firstIds).hasSize(3);
        assertThat(ids(second)).as("the rows the open transaction holds are skipped, not waited for")
                .hasSize(3).doesNotContainAnyElementsOf(firstIds);
        finish(claimUntilNoneIsLeft(new CountDownLatch(0), now.plus(LEASE).plusSeconds(1)), events);
    }

    @Test
    void givenTwoInstancesClaimingAtOnce_whenEachClaimsUntilNoneIsLeft_thenEveryDeliveryIsLeasedToExactlyOne()
            throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.TEST);
        WebhookEndpoint endpoint = endpoint(scope.companyId(), scope.environment(), Set.of("invoice.created"));
        List<UUID> events = append(scope, 40);
        Instant now = FUTURE.plus(Duration.ofDays(2));
        CountDownLatch start = new CountDownLatch(1);

        CompletableFuture<List<DueDelivery>> first = CompletableFuture.supplyAsync(() -> claimUntilNoneIsLeft(start, now));
        CompletableFuture<List<DueDelivery>> second = CompletableFuture.supplyAsync(() -> claimUntilNoneIsLeft(start, now));
        start.countDown();
        List<DueDelivery> claims = new ArrayList<>(first.get(60, TimeUnit.SECONDS));
        claims.addAll(second.get(60, TimeUnit.SECONDS));

        assertThat(claims).extracting(DueDelivery::deliveryId).as("no delivery is leased twice").doesNotHaveDuplicates();
        List<DueDelivery> ours = ours(claims, events);
        assertThat(ours).extracting(DueDelivery::eventId).containsExactlyInAnyOrderElementsOf(events);
        assertThat(ours).allSatisfy(due -> {
            assertThat(due.url()).isEqualTo(endpoint.url());
            assertThat(due.secret()).isEqualTo(endpoint.secret());
            assertThat(due.attemptsSoFar()).isZero();
            assertThat(due.body()).contains(due.eventId().toString());
        });

        assertThat(ours(claimUntilNoneIsLeft(new CountDownLatch(0), now), events)).as("every lease still holds").isEmpty();
        List<DueDelivery> again = ours(claimUntilNoneIsLeft(new CountDownLatch(0), now.plus(LEASE).plusSeconds(1)), events);
        assertThat(again).as("every lease ended").extracting(DueDelivery::deliveryId)
                .containsExactlyInAnyOrderElementsOf(ids(ours));
        finish(again, events);
        assertThat(ours(claimUntilNoneIsLeft(new CountDownLatch(0), now.plus(Duration.ofDays(1))), events))
                .as("a delivered event is never claimed again").isEmpty();
    }

    private List<DueDelivery> claimUntilNoneIsLeft(CountDownLatch start, Instant now) {
        await(start);
        List<DueDelivery> claimed = new ArrayList<>();
        for (List<DueDelivery> due = claim(now); !due.isEmpty(); due = claim(now)) {
            claimed.addAll(due);
        }
        return claimed;
    }

    private List<DueDelivery> claim(Instant now) {
        return transactions.inTransaction(() -> webhooks.claimDue(now, LEASE, 4));
    }

    /** Records a successful attempt of each of this test's claimed deliveries, releasing their leases. */
    private void finish(List<DueDelivery> claimed, List<UUID> events) {
        transactions.inTransaction(() -> {
            ours(claimed, events).forEach(due -> webhooks.recordAttempt(due.deliveryId(),
                    new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()), DeliveryStatus.SUCCEEDED,
                    Optional.empty()));
            return null;
        });
        for (UUID event : events) {
            assertThat(Sql.text("SELECT status || ':' || attempts FROM webhook_deliveries WHERE event_id = ?", event))
                    .isEqualTo("SUCCEEDED:1");
        }
    }

    private WebhookEndpoint endpoint(CompanyId company, KeyEnvironment environment, Set<String> events) {
        UUID id = UUID.randomUUID();
        WebhookEndpoint endpoint = new WebhookEndpoint(id, company, environment, "https://hooks.example.test/" + id, events,
                "whsec_" + id, Instant.now());
        transactions.inTransaction(() -> {
            webhooks.insertEndpoint(endpoint);
            return null;
        });
        return endpoint;
    }

    private List<UUID> append(TenantScope scope, int count) {
        List<UUID> events = IntStream.range(0, count).mapToObj(i -> UUID.randomUUID()).toList();
        transactions.inTransaction(() -> {
            for (int i = 0; i < count; i++) {
                outbox.append(new OutboxEvent(events.get(i), scope, "invoice.created", FUTURE.plusSeconds(i),
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

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
