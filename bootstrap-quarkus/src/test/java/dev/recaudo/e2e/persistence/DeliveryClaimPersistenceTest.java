package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
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
class DeliveryClaimPersistenceTest extends DeliveryPersistence {

    private static final Instant FUTURE = Instant.parse("2126-01-01T00:00:00Z");

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

        HeldTransaction<List<DueDelivery>> first = HeldTransaction.start(transactions, () -> webhooks.claimDue(now, LEASE, 3));
        List<DueDelivery> second = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> webhooks.claimDue(now, LEASE, 3))).get(10, TimeUnit.SECONDS);
        Set<UUID> firstIds = ids(first.commit());

        assertThat(firstIds).hasSize(3);
        assertThat(ids(second)).as("the rows the open transaction holds are skipped, not waited for")
                .hasSize(3).doesNotContainAnyElementsOf(firstIds);
        finish(claimUntilNoneIsLeft(now.plus(LEASE).plusSeconds(1)), events);
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
        List<UUID> events = append(scope, 40);
        Instant now = FUTURE.plus(Duration.ofDays(2));
        Callable<List<DueDelivery>> instance = () -> claimUntilNoneIsLeft(now);

        List<DueDelivery> claims = Parallel.run(2, List.of(instance, instance)).stream().flatMap(List::stream).toList();

        assertThat(claims).extracting(DueDelivery::deliveryId).as("no delivery is leased twice").doesNotHaveDuplicates();
        List<DueDelivery> ours = ours(claims, events);
        assertThat(ours).extracting(DueDelivery::eventId).containsExactlyInAnyOrderElementsOf(events);
        assertThat(ours).allSatisfy(due -> {
            assertThat(due.url()).isEqualTo(endpoint.url());
            assertThat(due.secrets()).isEqualTo(endpoint.secrets());
            assertThat(due.attemptsSoFar()).isZero();
            assertThat(due.body()).contains(due.eventId().toString());
        });

        assertThat(ours(claimUntilNoneIsLeft(now), events)).as("every lease still holds").isEmpty();
        List<DueDelivery> again = ours(claimUntilNoneIsLeft(now.plus(LEASE).plusSeconds(1)), events);
        assertThat(again).as("every lease ended").extracting(DueDelivery::deliveryId)
                .containsExactlyInAnyOrderElementsOf(ids(ours));
        finish(again, events);
        assertThat(ours(claimUntilNoneIsLeft(now.plus(Duration.ofDays(1))), events))
                .as("a delivered event is never claimed again").isEmpty();
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
        List<UUID> events = append(scope, 2);
        Instant now = FUTURE.plus(Duration.ofDays(3));

        List<DueDelivery> claimed = ours(transactions.inTransaction(() -> webhooks.claimDue(now, LEASE, 1_000)), events);

        assertThat(claimed).hasSize(2).extracting(DueDelivery::url).containsOnly(readable.url());
        assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'PENDING'"
                + " AND attempts = 0 AND leased_until IS NOT NULL", unreadable.id())).isEqualTo(2);
        // Neither endpoint's deliveries may be left for the other tests' claims.
        Sql.execute("DELETE FROM webhook_deliveries WHERE endpoint_id IN (?, ?)", readable.id(), unreadable.id());
    }

    private List<DueDelivery> claimUntilNoneIsLeft(Instant now) {
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
            ours(claimed, events).forEach(due -> assertThat(webhooks.recordAttempt(due,
                    new DeliveryAttempt(FUTURE, 5, Optional.of(200), Optional.empty()), DeliveryStatus.SUCCEEDED,
                    Optional.empty())).isEqualTo(LeaseState.HELD));
            return null;
        });
        for (UUID event : events) {
            assertThat(Sql.text("SELECT status || ':' || attempts FROM webhook_deliveries WHERE event_id = ?", event))
                    .isEqualTo("SUCCEEDED:1");
        }
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
}
