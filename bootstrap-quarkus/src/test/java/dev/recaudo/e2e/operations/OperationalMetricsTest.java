package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Latches;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Scrape;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import dev.recaudo.e2e.webhooks.Receiver;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Each operator metric moves when what it counts happens, as scraped from {@code /q/metrics}. The
 * dispatchers are held (not scheduled) so that a delivery waits while the test looks at the
 * backlog gauges, and is sent exactly when the test dispatches it.
 */
@QuarkusTest
@TestProfile(OperationalMetricsTest.HeldDispatchers.class)
class OperationalMetricsTest {

    public static class HeldDispatchers implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.webhooks.dispatch-interval", "off", "recaudo.callbacks.dispatch-interval", "off",
                    "recaudo.webhooks.attempts-max", "1", "recaudo.metrics.backlog-interval", "200ms");
        }
    }

    private static final String PAYMENTS = "recaudo_payments_total";
    private static final String ATTEMPTS = "recaudo_webhook_attempts_total";
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final AtomicInteger attempts = new AtomicInteger();
    private final AtomicInteger committed = new AtomicInteger();
    private final AtomicInteger settled = new AtomicInteger();

    @Inject
    WebhookDispatchUseCase webhooks;

    @Inject
    CallbackDispatchUseCase callbacks;

    @Inject
    Transactions transactions;

    @Inject
    NativeSql nativeSql;

    private static Map<String, String> payment(String family, String outcome, String reason) {
        return Map.of("family", family, "outcome", outcome, "reason", reason);
    }

    private static double delta(String name, Map<String, String> labels, Runnable action) {
        double before = Scrape.value(name, labels);
        action.run();
        return Scrape.value(name, labels) - before;
    }

    @Test
    void givenAVerifiedPayment_whenRepeatedAndThenRejected_thenEachOutcomeCountsOnce() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        Map<String, String> applied = payment("verified", "applied", "none");
        Map<String, String> repeated = payment("verified", "already_processed", "none");
        Map<String, String> rejected = payment("verified", "rejected", "customer_not_found");
        double appliedBefore = Scrape.value(PAYMENTS, applied);
        double repeatedBefore = Scrape.value(PAYMENTS, repeated);
        double rejectedBefore = Scrape.value(PAYMENTS, rejected);

        partner.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200);
        partner.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200);
        partner.pay("P-2", "C-404", 1000, "USD", "A", 1000).then().statusCode(404);

        assertThat(Scrape.value(PAYMENTS, applied) - appliedBefore).isEqualTo(1);
        assertThat(Scrape.value(PAYMENTS, repeated) - repeatedBefore).isEqualTo(1);
        assertThat(Scrape.value(PAYMENTS, rejected) - rejectedBefore).isEqualTo(1);
    }

    @Test
    void givenTheDatabaseRefusingAVerifiedPayment_whenPaying_thenOneFailedPaymentIsCounted() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        Sql.execute("CREATE OR REPLACE FUNCTION refuse_metrics_doomed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " IF NEW.external_payment_id LIKE 'metrics-doomed-%' THEN RAISE EXCEPTION 'storage refused the payment';"
                + " END IF; RETURN NEW; END; $$");
        Sql.execute("CREATE TRIGGER refuse_metrics_doomed BEFORE INSERT ON payments FOR EACH ROW"
                + " EXECUTE FUNCTION refuse_metrics_doomed()");
        try {
            assertThat(delta(PAYMENTS, payment("verified", "failed", "none"),
                    () -> partner.pay("metrics-doomed-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(500)))
                    .isEqualTo(1);
        } finally {
            Sql.execute("DROP TRIGGER refuse_metrics_doomed ON payments");
        }
    }

    @Test
    void givenInvoices_whenSettledByTheProviderPaidAtTheCheckoutAndPaidExternally_thenEachFamilyCounts() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        String settled = Invoices.create(live).getString("id");
        assertThat(delta(PAYMENTS, payment("provider_settlement", "applied", "none"),
                () -> Invoices.settle(live, settled, "wire-1").then().statusCode(204))).isEqualTo(1);
        assertThat(delta(PAYMENTS, payment("provider_settlement", "already_processed", "none"),
                () -> Invoices.settle(live, settled, "wire-1").then().statusCode(204))).isEqualTo(1);
        assertThat(delta(PAYMENTS, payment("provider_settlement", "rejected", "settled_by_another_payment"),
                () -> Invoices.settle(live, settled, "wire-2").then().statusCode(409))).isEqualTo(1);

        Tenants.Key test = Invoices.testKey(company);
        String checkoutId = Invoices.create(test).getString("payment.id");
        assertThat(delta(PAYMENTS, payment("checkout", "applied", "none"),
                () -> Invoices.completeCheckout(test, checkoutId).then().statusCode(200))).isEqualTo(1);

        Tenants.Key shop = company.createKey(Map.of("name", "shop", "environment", "test"));
        assertThat(delta(PAYMENTS, payment("external", "no_open_documents", "none"),
                () -> ExternalPayments.direct(shop, Map.of("amountMinor", 700, "currency", "USD")))).isEqualTo(1);
    }

    @Test
    void givenAKeyOverItsRate_whenRefusedTwice_thenTheFamilysRefusalsCountTwice() throws Exception {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "slow", "permissions", List.of("payments:read"),
                "rateLimitRpm", 1));
        Map<String, String> family = Map.of("family", "external_payments");
        Windows.awaitFreshMinute();
        double before = Scrape.value("recaudo_rate_limited_total", family);

        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(200);
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(429);
        // Refused again without a statement (the instance remembers the full window): counted all the same.
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(429);

        assertThat(Scrape.value("recaudo_rate_limited_total", family) - before).isEqualTo(2);
    }

    @Test
    void givenAFailingReceiver_whenTheHeldDeliveryWaitsAndIsThenSent_thenAgeGrowsTheAttemptFailsAndItIsDead() throws Exception {
        Tenants.Company company = Tenants.company();
        Map<String, String> waiting = Map.of("channel", "invoice_webhook");
        Map<String, String> dead = Map.of("environment", "live");
        Map<String, String> failed = Map.of("channel", "invoice_webhook", "result", "status_5xx");
        try (Receiver receiver = new Receiver(ordinal -> 500)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201);
            Invoices.create(Invoices.liveKey(company));
            String delivery = Sql.text("SELECT d.id::text FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id"
                    + " WHERE e.company_id = ?::uuid", company.id().toString());

            Scrape.await("recaudo_outbox_oldest_due_age_seconds", waiting, age -> age >= 1, PATIENCE);
            long deadBefore = deadLiveDeliveries();
            Scrape.await("recaudo_webhook_deliveries_dead", dead, count -> count == deadBefore, PATIENCE);
            double failedBefore = Scrape.value(ATTEMPTS, failed);

            webhooks.dispatchDue(KeyEnvironment.LIVE);

            // The dispatch starts the send and returns; the outcome is recorded as it arrives.
            Scrape.await(ATTEMPTS, failed, count -> count - failedBefore == 1, PATIENCE);
            Receiver.await(() -> "DEAD".equals(Sql.text("SELECT status FROM webhook_deliveries WHERE id = ?::uuid", delivery)),
                    PATIENCE);
            assertThat(receiver.received()).hasSize(1);
            long deadAfter = deadLiveDeliveries();
            assertThat(deadAfter).isGreaterThan(deadBefore);
            Scrape.await("recaudo_webhook_deliveries_dead", dead, count -> count == deadAfter, PATIENCE);
        }
    }

    @Test
    void givenAFailingCallbackReceiver_whenTheHeldCallbackWaitsAndIsThenSent_thenAgeGrowsAndTheAttemptFails() throws Exception {
        Map<String, String> waiting = Map.of("channel", "payment_callback");
        Map<String, String> failed = Map.of("channel", "payment_callback", "result", "status_5xx");
        try (Receiver receiver = new Receiver(ordinal -> 503)) {
            Tenants.Key shop = Tenants.company().createKey(Map.of("name", "shop", "environment", "test"));
            ExternalPayments.direct(shop, Map.of("amountMinor", 900, "currency", "USD", "callbackUrl", receiver.url()));
            Scrape.await("recaudo_outbox_oldest_due_age_seconds", waiting, age -> age >= 1, PATIENCE);
            double failedBefore = Scrape.value(ATTEMPTS, failed);

            callbacks.dispatchQueued(KeyEnvironment.TEST);

            Scrape.await(ATTEMPTS, failed, count -> count - failedBefore == 1, PATIENCE);
            assertThat(receiver.received()).hasSize(1);
            Scrape.await("recaudo_outbox_oldest_due_age_seconds", waiting, age -> age == 0, PATIENCE);
        }
    }

    /**
     * Also what waits for the transactions: three attempts ran, the loser's first one rolled back
     * and ran again, yet each transaction's commit and end are followed once.
     */
    @Test
    void givenTwoTransactionsLockingTwoRowsInOppositeOrders_whenTheyDeadlock_thenTheLoserIsRetriedAndCounted() throws Exception {
        UUID first = Tenants.company().id();
        UUID second = Tenants.company().id();
        Map<String, String> deadlocks = Map.of("cause", "deadlock");
        double before = Scrape.value("recaudo_transaction_retries_total", deadlocks);
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch secondHeld = new CountDownLatch(1);

        CompletableFuture<Void> one = lockInOrder(first, firstHeld, secondHeld, second);
        CompletableFuture<Void> other = lockInOrder(second, secondHeld, firstHeld, first);

        // PostgreSQL ends one of them with a deadlock; run again, it waits for the other and succeeds.
        one.get(30, TimeUnit.SECONDS);
        other.get(30, TimeUnit.SECONDS);
        assertThat(Scrape.value("recaudo_transaction_retries_total", deadlocks) - before).isEqualTo(1);
        assertThat(attempts).as("attempts").hasValue(3);
        assertThat(committed).as("actions after a commit").hasValue(2);
        assertThat(settled).as("actions at the end of a transaction").hasValue(2);
    }

    private CompletableFuture<Void> lockInOrder(UUID held, CountDownLatch heldSignal, CountDownLatch otherHeld, UUID next) {
        return CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
            attempts.incrementAndGet();
            transactions.afterCommit(committed::incrementAndGet);
            transactions.whenSettled(settled::incrementAndGet);
            lockCompany(held);
            heldSignal.countDown();
            Latches.await(otherHeld);
            return lockCompany(next);
        }));
    }

    private UUID lockCompany(UUID id) {
        return nativeSql.queryOne("SELECT id FROM companies WHERE id = ? FOR UPDATE", row -> row.getObject(1, UUID.class), id)
                .orElseThrow();
    }

    private static long deadLiveDeliveries() {
        return Sql.count("SELECT count(*) FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id"
                + " WHERE d.status = 'DEAD' AND e.deleted_at IS NULL AND NOT e.is_test");
    }
}
