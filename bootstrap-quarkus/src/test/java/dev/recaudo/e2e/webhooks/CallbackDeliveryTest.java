package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.matchesPattern;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * External payment callbacks against real receivers on loopback: one attempt each, signed with the
 * company's callback secret, recorded whatever the receiver does, and never sent again.
 */
@QuarkusTest
class CallbackDeliveryTest {

    /** A hosted test payment of the company with {@code url} as its callback, paid in the sandbox. */
    private static UUID completedPaymentCalling(Tenants.Company company, String url) {
        Tenants.Key key = company.createKey(Map.of("name", "shop", "environment", "test"));
        JsonPath created = ExternalPayments.hosted(key, Map.of("amountMinor", 2500, "currency", "USD", "callbackUrl", url));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("completed"));
        return UUID.fromString(created.getString("id"));
    }

    /**
     * A direct payment for an invoice, approved by the sandbox processor: the invoice is paid, the
     * callback names it and the ledger payment, and the read shows the attempt.
     */
    @Test
    void givenDirectPaymentForAnInvoice_whenApproved_thenCallbackNamesBothAndTheReadShowsTheAttempt() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "erp", "source", "erp", "environment", "test", "permissions",
                List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read")));
        String invoiceId = Invoices.create(key).getString("id");
        try (Receiver receiver = new Receiver(n -> 204)) {
            JsonPath direct = ExternalPayments.direct(key, Map.of("amountMinor", 2000, "currency", "USD",
                    "invoiceId", invoiceId, "callbackUrl", receiver.url()));
            UUID paymentId = UUID.fromString(direct.getString("id"));
            awaitResult(paymentId, Duration.ofSeconds(20));

            JsonPath body = new JsonPath(receiver.received().get(0).body());
            assertThat(body.getString("payload.invoiceId")).isEqualTo(invoiceId);
            assertThat(body.getString("payload.paymentId")).isEqualTo(direct.getString("paymentId"));
            JsonPath read = ExternalPayments.get(key, paymentId).then().statusCode(200).extract().jsonPath();
            assertThat(read.getList("webhookAttempts")).hasSize(1);
            assertThat(read.getString("webhookAttempts[0].status")).isEqualTo("delivered");
            assertThat(read.getInt("webhookAttempts[0].statusCode")).isEqualTo(204);
            assertThat(read.getString("webhookAttempts[0].attemptedAt")).isNotBlank();
            assertThat(read.getLong("webhookAttempts[0].durationMs")).isNotNegative();
            assertThat(read.getString("webhookAttempts[0].error")).isNull();
            Invoices.get(key, invoiceId).then().body("status", org.hamcrest.Matchers.equalTo("PAID"));
        }
    }

    private static String secretOf(Tenants.Company company) {
        return given().auth().oauth2(company.adminToken())
                .get("/companies/{id}/webhook-secret", company.id())
                .then().statusCode(200)
                .body("secret", matchesPattern("^whsec_[A-Za-z0-9+/=]+$"))
                .extract().path("secret");
    }

    private static String result(UUID paymentId) {
        return Sql.text("SELECT status FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId);
    }

    private static void awaitResult(UUID paymentId, Duration timeout) throws InterruptedException {
        Receiver.await(() -> !List.of("queued", "attempting").contains(result(paymentId)), timeout);
    }

    @Test
    void givenReceiverAnswers200_whenPaymentCompleted_thenOneSignedCallbackWithTheContractBodyIsDelivered() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(n -> 200)) {
            UUID paymentId = completedPaymentCalling(company, receiver.url());
            awaitResult(paymentId, Duration.ofSeconds(20));

            assertThat(result(paymentId)).isEqualTo("delivered");
            assertThat(receiver.received()).hasSize(1);
            Receiver.Received callback = receiver.received().get(0);
            assertThat(Receiver.signatureValid(callback, secretOf(company))).isTrue();
            JsonPath body = new JsonPath(callback.body());
            assertThat(body.getString("eventType")).isEqualTo("external_payment.completed");
            assertThat(body.getString("resourceType")).isEqualTo("external_payment");
            assertThat(body.getString("companyId")).isEqualTo(company.id().toString());
            assertThat(body.getString("payload.id")).isEqualTo(paymentId.toString());
            assertThat(body.getString("payload.status")).isEqualTo("completed");
            assertThat(body.getLong("payload.amountMinor")).isEqualTo(2500);
            assertThat(body.getString("payload.currency")).isEqualTo("USD");
            assertThat(body.getMap("payload")).containsKeys("invoiceId", "paymentId");
            assertThat(Sql.count("SELECT status_code FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId))
                    .isEqualTo(200);
        }
    }

    @Test
    void givenReceiverSlowerThanFiveSeconds_whenCalledBack_thenAttemptEndsAtFiveSecondsAsFailedAndIsNotRetried()
            throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(n -> {
            sleep(Duration.ofSeconds(8));
            return 200;
        })) {
            UUID paymentId = completedPaymentCalling(company, receiver.url());
            awaitResult(paymentId, Duration.ofSeconds(30));

            assertThat(result(paymentId)).isEqualTo("failed");
            assertThat(Sql.text("SELECT error FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId))
                    .isEqualTo("timeout after 5000 ms");
            long durationMillis = Sql.count("SELECT duration_ms FROM external_payment_callbacks WHERE external_payment_id = ?",
                    paymentId);
            assertThat(durationMillis).isBetween(4900L, 7000L);
            sleep(Duration.ofSeconds(4)); // the slow answer is back; a retry would show now
            assertThat(receiver.received()).hasSize(1);
        }
    }

    @Test
    void givenReceiverFails_whenCalledBack_thenFailureRecordedWithItsStatusAndNeverRetried() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(n -> 500)) {
            UUID paymentId = completedPaymentCalling(company, receiver.url());
            awaitResult(paymentId, Duration.ofSeconds(20));
            sleep(Duration.ofSeconds(2));

            assertThat(result(paymentId)).isEqualTo("failed");
            assertThat(Sql.count("SELECT status_code FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId))
                    .isEqualTo(500);
            assertThat(receiver.received()).hasSize(1);
        }
    }

    @Test
    void givenReceiverResetsTheConnection_whenCalledBack_thenFailureRecordedAndNeverRetried() throws Exception {
        Tenants.Company company = Tenants.company();
        AtomicInteger connections = new AtomicInteger();
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread acceptor = new Thread(() -> resetEveryConnection(server, connections));
            acceptor.setDaemon(true);
            acceptor.start();
            UUID paymentId = completedPaymentCalling(company, "http://127.0.0.1:" + server.getLocalPort() + "/hook");
            awaitResult(paymentId, Duration.ofSeconds(20));
            sleep(Duration.ofSeconds(2));

            assertThat(result(paymentId)).isEqualTo("failed");
            assertThat(Sql.text("SELECT error FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId))
                    .isNotBlank();
            assertThat(connections.get()).isEqualTo(1);
        }
    }

    @Test
    void givenAttemptWhoseSenderVanished_whenItsLeaseRunsOut_thenRecordedUnknownAndNeverSent() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(n -> 200)) {
            // The dispatcher is kept away by an attempting mark, as a crashed instance would leave it.
            UUID paymentId = UUID.randomUUID();
            Tenants.Key key = company.createKey(Map.of("name", "shop", "environment", "test"));
            Sql.execute("INSERT INTO external_payments (id, company_id, is_test, partner, api_key_id, mode, status,"
                    + " amount_minor, currency, callback_url, created_at, updated_at)"
                    + " VALUES (?, ?, true, 'lineage:test', ?, 'direct', 'failed', 2500, 'USD', ?, now(), now())",
                    paymentId, company.id(), key.id(), receiver.url());
            Sql.execute("INSERT INTO external_payment_callbacks (id, external_payment_id, company_id, is_test, url, body, status,"
                    + " attempted_at, leased_until, created_at, updated_at)"
                    + " VALUES (?, ?, ?, true, ?, '{}', 'attempting', now() - interval '1 minute', now() - interval '1 second',"
                    + " now(), now())", UUID.randomUUID(), paymentId, company.id(), receiver.url());

            awaitResult(paymentId, Duration.ofSeconds(20));
            sleep(Duration.ofSeconds(2));

            assertThat(result(paymentId)).isEqualTo("unknown");
            assertThat(receiver.received()).isEmpty();
        }
    }

    @Test
    void givenSecretRotated_whenNextCallbackSent_thenSignedWithTheNewSecretOnly() throws Exception {
        Tenants.Company company = Tenants.company();
        String first = secretOf(company);
        assertThat(secretOf(company)).as("the secret lasts until rotated").isEqualTo(first);
        String rotated = given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/webhook-secret/rotate", company.id())
                .then().statusCode(200).extract().path("secret");
        assertThat(rotated).startsWith("whsec_").isNotEqualTo(first);
        assertThat(secretOf(company)).isEqualTo(rotated);

        try (Receiver receiver = new Receiver(n -> 200)) {
            UUID paymentId = completedPaymentCalling(company, receiver.url());
            awaitResult(paymentId, Duration.ofSeconds(20));
            Receiver.Received callback = receiver.received().get(0);
            assertThat(Receiver.signatureValid(callback, rotated)).isTrue();
            assertThat(Receiver.signatureValid(callback, first)).isFalse();
        }
    }

    @Test
    void givenAdminOfAnotherCompany_whenReadingOrRotatingTheSecret_thenRefusedAndSecretUnchanged() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        String secret = secretOf(company);

        given().auth().oauth2(other.adminToken()).get("/companies/{id}/webhook-secret", company.id())
                .then().statusCode(404);
        given().auth().oauth2(other.adminToken()).post("/companies/{id}/webhook-secret/rotate", company.id())
                .then().statusCode(404);
        given().get("/companies/{id}/webhook-secret", company.id()).then().statusCode(401);
        given().header("X-API-Key", company.createKey(java.util.Map.of("name", "k")).secret())
                .get("/companies/{id}/webhook-secret", company.id()).then().statusCode(401);
        assertThat(secretOf(company)).isEqualTo(secret);
    }

    private static void resetEveryConnection(ServerSocket server, AtomicInteger connections) {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                connections.incrementAndGet();
                InputStream in = socket.getInputStream();
                in.read(new byte[256]);
                socket.setSoLinger(true, 0); // close with RST instead of FIN
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
