package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A delivery's lease token against PostgreSQL: an instance whose send outlasted its lease, after
 * another instance claimed the delivery again, cannot record its attempt, also when the two meet on
 * the row at the same moment. Events are dated a century ahead, as in
 * {@link DeliveryClaimPersistenceTest}, so only this test's claims find them due; a claim may also
 * lease rows other tests left pending, and the assertions pick this test's delivery out.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class DeliveryLeasePersistenceTest extends DeliveryPersistence {

    private static final Instant FUTURE = Instant.parse("2126-02-01T00:00:00Z");
    /** Caps no test here reaches: these tests are about tokens, not shares. */
    private static final DispatchCaps UNCAPPED = new DispatchCaps(1_000, 1_000);

    @Test
    void givenAStaleHolder_whenItRecordsAfterAnotherInstanceReclaimed_thenRefusedAndOnlyTheNewHoldersAttemptCounts() {
        UUID event = appendOneEvent();
        Instant now = FUTURE.plus(Duration.ofDays(1));
        DueDelivery stale = claimOurs(now, event);
        DueDelivery current = claimOurs(now.plus(LEASE).plusSeconds(1), event);
        assertThat(current.leaseToken()).isNotEqualTo(stale.leaseToken());

        assertThat(record(stale, 500)).isEqualTo(LeaseState.LOST);
        assertThat(state(event)).as("the stale record wrote nothing").isEqualTo("PENDING:0:0");

        assertThat(record(current, 204)).isEqualTo(LeaseState.HELD);
        assertThat(state(event)).isEqualTo("SUCCEEDED:1:1");
        assertThat(record(current, 204)).as("a released lease records nothing more").isEqualTo(LeaseState.LOST);
        assertThat(state(event)).isEqualTo("SUCCEEDED:1:1");
    }

    /**
     * A rolling deploy: an instance still on code that predates the token re-claims the delivery
     * with its own statement, which leaves the token alone. The database gives that claim a new
     * token itself (V0028), so the stale holder on new code is refused all the same.
     */
    @Test
    void givenAReclaimByCodeThatPredatesTheToken_whenTheStaleHolderRecords_thenRefused() {
        UUID event = appendOneEvent();
        Instant now = FUTURE.plus(Duration.ofDays(5));
        DueDelivery stale = claimOurs(now, event);
        Instant later = now.plus(LEASE).plusSeconds(1);

        // The claim statement before V0022, narrowed to this test's delivery.
        int reclaimed = Sql.execute("UPDATE webhook_deliveries d SET leased_until = ?, updated_at = ?"
                + " FROM (SELECT x.id FROM webhook_deliveries x WHERE x.id = ? AND x.status = 'PENDING'"
                + "       AND x.next_attempt_at <= ? AND (x.leased_until IS NULL OR x.leased_until < ?)"
                + "       FOR UPDATE SKIP LOCKED) due"
                + " WHERE d.id = due.id",
                utc(later.plus(LEASE)), utc(later), stale.deliveryId(), utc(later), utc(later));

        assertThat(reclaimed).isEqualTo(1);
        assertThat(record(stale, 500)).isEqualTo(LeaseState.LOST);
        assertThat(state(event)).as("the stale record wrote nothing").isEqualTo("PENDING:0:0");
    }

    /**
     * The re-claim is still uncommitted when the stale holder records: the record waits for the row,
     * then finds the new token and writes nothing, instead of overwriting the new holder's lease.
     */
    @Test
    void givenAReclaimInAnOpenTransaction_whenTheStaleHolderRecordsMeanwhile_thenItWaitsAndIsRefused() throws Exception {
        UUID event = appendOneEvent();
        Instant now = FUTURE.plus(Duration.ofDays(2));
        DueDelivery stale = claimOurs(now, event);

        HeldTransaction<DueDelivery> reclaim = HeldTransaction.start(transactions,
                () -> claimUntilFound(now.plus(LEASE).plusSeconds(1), event));
        CompletableFuture<LeaseState> staleRecord = CompletableFuture.supplyAsync(() -> record(stale, 500));
        Thread.sleep(300);
        assertThat(staleRecord).as("the record waits for the row the re-claim holds").isNotDone();
        DueDelivery current = reclaim.commit();

        assertThat(staleRecord.get(10, TimeUnit.SECONDS)).isEqualTo(LeaseState.LOST);
        assertThat(state(event)).isEqualTo("PENDING:0:0");
        assertThat(record(current, 204)).isEqualTo(LeaseState.HELD);
        assertThat(state(event)).isEqualTo("SUCCEEDED:1:1");
    }

    /** The other order: the holder's record is uncommitted when another instance claims; the claim skips the row. */
    @Test
    void givenARecordInAnOpenTransaction_whenAnotherInstanceClaimsPastTheLease_thenTheRowIsSkippedAndNeverSentAgain()
            throws Exception {
        UUID event = appendOneEvent();
        Instant now = FUTURE.plus(Duration.ofDays(3));
        DueDelivery holder = claimOurs(now, event);

        HeldTransaction<LeaseState> recording = HeldTransaction.start(transactions, () -> claims.record(holder,
                attempt(204), DeliveryStatus.SUCCEEDED, Optional.empty(), FUTURE, Optional.empty()).lease());
        List<DueDelivery> meanwhile = CompletableFuture.supplyAsync(() -> transactions.inTransaction(
                () -> claim(KeyEnvironment.LIVE, now.plus(LEASE).plusSeconds(1), UNCAPPED, 1_000))).get(10, TimeUnit.SECONDS);

        assertThat(meanwhile).extracting(DueDelivery::eventId).doesNotContain(event);
        assertThat(recording.commit()).isEqualTo(LeaseState.HELD);
        assertThat(state(event)).isEqualTo("SUCCEEDED:1:1");
        assertThat(transactions.inTransaction(() -> claim(KeyEnvironment.LIVE, now.plus(LEASE).plusSeconds(2), UNCAPPED, 1_000)))
                .extracting(DueDelivery::eventId).doesNotContain(event);
    }

    /**
     * An operator redelivers a delivery that an instance is still sending: the redelivery starts a
     * new count and frees the row, so the old holder's record is refused instead of overwriting it
     * (and, on a last attempt, marking the redelivered delivery dead).
     */
    @Test
    void givenARedeliveryWhileLeased_whenTheOldHolderRecords_thenRefusedAndTheRedeliveryStands() {
        UUID event = appendOneEvent();
        Instant now = FUTURE.plus(Duration.ofDays(4));
        DueDelivery held = claimOurs(now, event);
        CompanyId company = new CompanyId(UUID.fromString(
                Sql.text("SELECT company_id::text FROM webhook_deliveries WHERE id = ?", held.deliveryId())));
        UUID endpoint = UUID.fromString(Sql.text("SELECT endpoint_id::text FROM webhook_deliveries WHERE id = ?",
                held.deliveryId()));

        assertThat(transactions.inTransaction(() -> webhooks.redeliver(company, endpoint, held.deliveryId(), now))).isPresent();

        assertThat(record(held, 500)).isEqualTo(LeaseState.LOST);
        assertThat(state(event)).as("the redelivery stands, untouched by the stale record").isEqualTo("PENDING:0:0");
    }

    private LeaseState record(DueDelivery claim, int statusCode) {
        DeliveryStatus status = statusCode < 300 ? DeliveryStatus.SUCCEEDED : DeliveryStatus.PENDING;
        Optional<Instant> next = statusCode < 300 ? Optional.empty() : Optional.of(FUTURE);
        return transactions.inTransaction(() -> claims.record(claim, attempt(statusCode), status, next, FUTURE, Optional.empty()).lease());
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static DeliveryAttempt attempt(int statusCode) {
        return new DeliveryAttempt(FUTURE, 5, Optional.of(statusCode), Optional.empty());
    }

    /** status:attempts:attempt rows of the event's delivery. */
    private static String state(UUID event) {
        return Sql.text("SELECT d.status || ':' || d.attempts || ':' || (SELECT count(*) FROM webhook_attempts a"
                + " WHERE a.delivery_id = d.id) FROM webhook_deliveries d WHERE d.event_id = ?", event);
    }

    private DueDelivery claimOurs(Instant now, UUID event) {
        return transactions.inTransaction(() -> claimUntilFound(now, event));
    }

    /** Claims, without caps (other tests' pending rows among them), until this test's delivery comes. */
    private DueDelivery claimUntilFound(Instant now, UUID event) {
        for (List<DueDelivery> due = claim(KeyEnvironment.LIVE, now, UNCAPPED, 50); !due.isEmpty();
                due = claim(KeyEnvironment.LIVE, now, UNCAPPED, 50)) {
            Optional<DueDelivery> ours = due.stream().filter(claim -> claim.eventId().equals(event)).findFirst();
            if (ours.isPresent()) {
                return ours.get();
            }
        }
        throw new AssertionError("the delivery of " + event + " was not claimed");
    }

    private UUID appendOneEvent() {
        CompanyId company = new CompanyId(Tenants.company().id());
        endpoint(company, KeyEnvironment.LIVE, Set.of("invoice.created"));
        UUID event = UUID.randomUUID();
        transactions.inTransaction(() -> {
            outbox.append(new OutboxEvent(event, new TenantScope(company, KeyEnvironment.LIVE), UUID.randomUUID(),
                    "invoice.created", FUTURE, Map.of("id", event.toString())));
            return null;
        });
        return event;
    }
}
