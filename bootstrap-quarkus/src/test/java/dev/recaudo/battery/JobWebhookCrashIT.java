package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, background work: the bulk annulment job and the webhook dispatcher survive their
 * instance halting midway. Instance 0 does the background work (armed first at
 * {@code job-after-batch}, then at {@code webhook-after-send}, then disarmed); instance 1 serves
 * requests only (its pollers off), so the crash points always hit the instance that holds the work,
 * and is never touched. Leases are short (job 10 s, deliveries 30 s, the smallest allowed).
 * Invoices: {@code -Dbattery.jobcrash.invoices} (CI 40, five of them paid, batches of five).
 */
@Slow(part = 2)
class JobWebhookCrashIT {

    private static final int INVOICES = Battery.size("battery.jobcrash.invoices", 40);
    private static final int PAID = 5;
    private static final int BATCH = 5;
    private static final int BATCHES_BEFORE_KILL = 2;
    private static final int SENDS_BEFORE_KILL = 3;
    private static final Duration DELIVERY_LEASE = Duration.ofSeconds(30);
    /** Dispatch rounds (200 ms) and one batch's worst case (5 x 3 s) after a lease ran out. */
    private static final Duration REDELIVERY_SLACK = Duration.ofSeconds(20);
    private static final Map<String, String> COMMON = Map.of(
            "RECAUDO_JOBS_BATCH_SIZE", String.valueOf(BATCH),
            "RECAUDO_JOBS_LEASE_SECONDS", "10",
            "RECAUDO_JOBS_POLL_INTERVAL", "500ms",
            "RECAUDO_WEBHOOKS_LEASE_SECONDS", String.valueOf(DELIVERY_LEASE.toSeconds()),
            "RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "200ms",
            // Twice an attempt's worst case (1 s + 2 s) must fit in the 30 s lease, as the service checks at start.
            "RECAUDO_WEBHOOKS_BATCH_SIZE", "5",
            "RECAUDO_WEBHOOKS_CONNECT_TIMEOUT_MILLIS", "1000",
            "RECAUDO_WEBHOOKS_READ_TIMEOUT_MILLIS", "2000",
            "RECAUDO_WEBHOOKS_RETRY_BASE_MILLIS", "500",
            "RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
    private static final Map<String, String> WORKER = Map.of(
            "RECAUDO_CRASH_TEST_POINT", "job-after-batch",
            "RECAUDO_CRASH_TEST_OCCURRENCE", String.valueOf(BATCHES_BEFORE_KILL));
    private static final Map<String, String> REQUESTS_ONLY = Map.of(
            "RECAUDO_JOBS_POLL_INTERVAL", "off",
            "RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "off",
            "RECAUDO_CALLBACKS_DISPATCH_INTERVAL", "off");

    /** When instance 0 halted, and when it was ready again after its restart. */
    private record Kill(Instant at, Instant readyAgain) {}

    @Test
    void givenABulkAnnulmentAndDeliveries_whenTheirInstanceIsKilledMidway_thenAllFinishAfterRestartAndEveryEventArrives()
            throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create();
                Battery battery = Battery.on(cluster, COMMON, List.of(WORKER, REQUESTS_ONLY));
                HookReceiver receiver = new HookReceiver()) {
            Company company = battery.company();
            Answer endpoint = battery.client().sendWithFailover(Call.post("/companies/" + company.id() + "/webhook-endpoints",
                    Json.object("url", receiver.url(), "events", List.of("invoice.created", "invoice.canceled", "invoice.paid")))
                    .header("Authorization", "Bearer " + company.adminToken()));
            assertThat(endpoint.status()).as("%s", endpoint).isEqualTo(201);
            Company.Key key = company.invoicesKey();
            List<String> invoices = createInvoices(battery, key);
            List<String> paid = invoices.subList(0, PAID);
            for (String invoice : paid) {
                Answer settled = battery.client().sendWithFailover(Call.of("DELETE", "/v1/invoices/" + invoice, Json.object(
                        "reason", "PAID_FROM_PROVIDER", "provider_payment_id", "PP-" + invoice)).header("Authorization", "Bearer " + key.secret()));
                assertThat(settled.status()).as("%s", settled).isBetween(200, 204);
            }

            Answer bulk = battery.client().sendWithFailover(Call.of("DELETE", "/v1/invoices",
                    Json.object("reason", "DELETE_FROM_PROVIDER")).header("Authorization", "Bearer " + key.secret()));
            assertThat(bulk.status()).as("%s", bulk).isEqualTo(202);
            List<Kill> kills = new ArrayList<>();
            assertThat(battery.instance(0).awaitExit(Duration.ofSeconds(90))).as("halted after a batch").isEqualTo(137);
            Instant firstKill = Instant.now();
            assertThat(annulled(battery.database(), company)).as("annulled when the job's instance died")
                    .isEqualTo(BATCH * BATCHES_BEFORE_KILL);

            battery.instance(0).restart(Map.of("RECAUDO_CRASH_TEST_POINT", "webhook-after-send",
                    "RECAUDO_CRASH_TEST_OCCURRENCE", String.valueOf(SENDS_BEFORE_KILL)));
            kills.add(new Kill(firstKill, Instant.now()));
            assertThat(battery.instance(0).awaitExit(Duration.ofSeconds(90))).as("halted after a delivery").isEqualTo(137);
            Instant secondKill = Instant.now();
            battery.instance(0).restart(Map.of("RECAUDO_CRASH_TEST_POINT", ""));
            kills.add(new Kill(secondKill, Instant.now()));

            Eventually.await("the job done and every delivery succeeded", Duration.ofMinutes(3),
                    () -> count(battery.database(), "SELECT count(*) FROM jobs WHERE company_id = ? AND status <> 'DONE'", company) == 0
                            && count(battery.database(), "SELECT count(*) FROM webhook_deliveries WHERE company_id = ?"
                                    + " AND status <> 'SUCCEEDED'", company) == 0);
            assertThat(battery.instance(1).isAlive()).as("the untouched instance").isTrue();
            assertJobResult(battery.database(), company, paid);
            assertEveryEventArrived(battery.database(), company, receiver, kills);
            battery.assertInvariants();
        }
    }

    private static List<String> createInvoices(Battery battery, Company.Key key) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < INVOICES; i++) {
            Answer created = battery.client().sendWithFailover(Call.post("/v1/invoices", Json.object(
                    "reference", "V-12.345.678", "provider", "erp", "amount", 20, "name", "Factura " + i))
                    .header("Authorization", "Bearer " + key.secret()).header("x-idempotency", UUID.randomUUID().toString()));
            assertThat(created.status()).as("%s", created).isEqualTo(201);
            ids.add(created.json().getString("id"));
        }
        return ids;
    }

    /** The job is done with every unpaid invoice annulled, no paid one, and no annulled document holds money. */
    private static void assertJobResult(Database database, Company company, List<String> paid) throws Exception {
        assertThat(count(database, "SELECT documents_processed FROM jobs WHERE company_id = ?", company)).as("processed")
                .isEqualTo(INVOICES - PAID);
        assertThat(annulled(database, company)).as("annulled").isEqualTo(INVOICES - PAID);
        assertThat(count(database, "SELECT count(*) FROM collection_documents WHERE company_id = ? AND status = 'PAID_FROM_PROVIDER'",
                company)).as("paid invoices kept").isEqualTo(paid.size());
        assertThat(count(database, "SELECT count(*) FROM collection_documents WHERE company_id = ?"
                + " AND status = 'DELETE_FROM_PROVIDER' AND applied_minor <> 0", company)).as("annulled holding money").isZero();
    }

    /**
     * Every outbox event of the company reached the receiver at least once; an event that arrived
     * twice arrived first in the moments before a kill (sent, answered, not yet recorded) and again
     * soon after that delivery's lease ran out (not left claimed); no delivery or job is still leased.
     * Only instance 0 dispatches, so no other instance could send it early.
     */
    private static void assertEveryEventArrived(Database database, Company company, HookReceiver receiver, List<Kill> kills)
            throws Exception {
        List<String> events = new ArrayList<>();
        try (Connection connection = database.connect();
                PreparedStatement statement = connection.prepareStatement("SELECT id::text FROM outbox_events WHERE company_id = ?")) {
            statement.setObject(1, company.id());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    events.add(rows.getString(1));
                }
            }
        }
        Map<String, Long> arrivals = receiver.countsById();
        System.out.printf("job and webhook crash test: %d events, %d arrivals, arrived twice %s, kills %s%n", events.size(),
                receiver.received().size(), arrivals.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList(),
                kills);
        assertThat(events).as("events: %d created, %d paid, %d canceled", INVOICES, PAID, INVOICES - PAID)
                .hasSize(INVOICES + PAID + INVOICES - PAID);
        assertThat(arrivals.keySet()).as("events delivered").containsExactlyInAnyOrderElementsOf(events);
        for (Map.Entry<String, Long> twice : arrivals.entrySet().stream().filter(e -> e.getValue() > 1).toList()) {
            List<Instant> at = receiver.received().stream().filter(r -> r.webhookId().equals(twice.getKey()))
                    .map(HookReceiver.Received::at).toList();
            assertThat(twice.getValue()).as("arrivals of %s", twice.getKey()).isEqualTo(2);
            Kill kill = kills.stream().filter(k -> !k.at().isBefore(at.get(0))).findFirst().orElseThrow(
                    () -> new AssertionError(twice.getKey() + " arrived twice, first after the last kill: " + at));
            assertThat(Duration.between(at.get(0), kill.at())).as("%s in flight at the kill %s", twice.getKey(), kill)
                    .isLessThan(Duration.ofSeconds(2));
            Instant due = Collections.max(List.of(kill.at().plus(DELIVERY_LEASE), kill.readyAgain()));
            assertThat(at.get(1)).as("%s sent again soon after its lease ran out and its instance was back (%s)",
                    twice.getKey(), kill).isBefore(due.plus(REDELIVERY_SLACK));
        }
        assertThat(count(database, "SELECT count(*) FROM webhook_deliveries WHERE company_id = ? AND leased_until > now()",
                company)).as("deliveries still leased").isZero();
        assertThat(count(database, "SELECT count(*) FROM jobs WHERE company_id = ? AND leased_until > now()", company))
                .as("jobs still leased").isZero();
    }

    private static long annulled(Database database, Company company) throws Exception {
        return count(database, "SELECT count(*) FROM collection_documents WHERE company_id = ? AND status = 'DELETE_FROM_PROVIDER'",
                company);
    }

    private static long count(Database database, String sql, Company company) throws Exception {
        try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, company.id());
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }
}
