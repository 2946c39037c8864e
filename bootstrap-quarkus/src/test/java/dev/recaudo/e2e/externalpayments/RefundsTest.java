package dev.recaudo.e2e.externalpayments;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.ledger.LedgerInvariantQueries;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Refunds and chargebacks of external payments end to end, each flow ending with the ledger invariants I1-I4. */
@QuarkusTest
class RefundsTest {

    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    private static Tenants.Key testKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp test", "permissions", INVOICES_AND_PAYMENTS, "source", "erp",
                "environment", "test"));
    }

    private static Map<String, Object> payment(long amountMinor, Object... more) {
        Map<String, Object> body = new HashMap<>(Map.of("amountMinor", amountMinor, "currency", "USD"));
        for (int i = 0; i < more.length; i += 2) {
            body.put((String) more[i], more[i + 1]);
        }
        return body;
    }

    private static Response refund(Tenants.Key key, String paymentId, String idempotencyKey, Map<String, ?> body) {
        return ExternalPayments.post(key, "/external/payments/" + paymentId + "/refunds", idempotencyKey, body);
    }

    private static Response refund(Tenants.Key key, String paymentId, long amountMinor) {
        return refund(key, paymentId, UUID.randomUUID().toString(), Map.of("amountMinor", amountMinor, "reason", "returned"));
    }

    private static Response chargeback(Tenants.Key key, String paymentId) {
        return given().header("X-API-Key", key.secret()).post("/sandbox/external-payments/{id}/chargeback", paymentId);
    }

    private static long events(Tenants.Key key, String type) {
        return Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = ?", key.company().id(), type);
    }

    /** I1-I4 on the whole database, by the production audit's SQL. */
    private static void assertInvariants() throws SQLException {
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerCheck check = LedgerInvariantQueries.check(connection);
            assertThat(check.firstViolations()).as("ledger invariants I1-I4").isEmpty();
            assertThat(check.holds()).isTrue();
        }
    }

    @Test
    void givenPaymentThatPaidAnInvoice_whenRefundedInFull_thenTheInvoiceOwesAgainAndBothEventsAreQueued() throws SQLException {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath paid = ExternalPayments.direct(key, payment(2000, "invoiceId", invoiceId));
        String paymentId = paid.getString("id");

        refund(key, paymentId, 2000).then().statusCode(201)
                .body("status", equalTo("succeeded")).body("kind", equalTo("refund"))
                .body("amountMinor", equalTo(2000)).body("currency", equalTo("USD"))
                .body("externalPaymentId", equalTo(paymentId)).body("reason", equalTo("returned"));

        Invoices.get(key, invoiceId).then().statusCode(200)
                .body("status", equalTo("CREATED")).body("payment.status", equalTo("PENDING"));
        assertThat(Invoices.balanceMinor(invoiceId)).isEqualTo(2000);
        assertThat(Invoices.receivableMinor(invoiceId)).isEqualTo(2000);
        assertThat(events(key, "invoice.refunded")).isEqualTo(1);
        assertThat(events(key, "external_payment.refunded")).isEqualTo(1);
        assertThat(Sql.text("SELECT body::jsonb->'refund'->>'external_payment_id' FROM outbox_events WHERE company_id = ?"
                + " AND type = 'invoice.refunded'", key.company().id())).isEqualTo(paymentId);
        ExternalPayments.get(key, paymentId).then().statusCode(200)
                .body("refundedMinor", equalTo(2000)).body("refundPendingMinor", equalTo(0));
        given().header("X-API-Key", key.secret()).get("/external/payments/{id}/refunds", paymentId).then().statusCode(200)
                .body("refunds.size()", equalTo(1)).body("refunds[0].status", equalTo("succeeded"));
        assertThat(LedgerChecks.accountMinor(key.company().id(), "external_collections", "USD")).isZero();
        assertInvariants();
    }

    @Test
    void givenPartialRefund_whenReplayedOrExceeded_thenTheSameRefundOrA400NamingWhatIsLeft() throws SQLException {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        String paymentId = ExternalPayments.direct(key, payment(2000, "invoiceId", invoiceId)).getString("id");
        String idempotencyKey = UUID.randomUUID().toString();

        JsonPath first = refund(key, paymentId, idempotencyKey, Map.of("amountMinor", 500)).then().statusCode(201)
                .body("status", equalTo("succeeded")).extract().jsonPath();
        JsonPath replayed = refund(key, paymentId, idempotencyKey, Map.of("amountMinor", 500)).then().statusCode(201)
                .extract().jsonPath();
        assertThat(replayed.getString("id")).isEqualTo(first.getString("id"));
        assertThat(replayed.getString("status")).isEqualTo("succeeded");
        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE external_payment_id = ?::uuid", paymentId)).isEqualTo(1);
        Envelopes.assertStatus(refund(key, paymentId, idempotencyKey, Map.of("amountMinor", 600)), 409,
                "/external/payments/" + paymentId + "/refunds");

        Invoices.get(key, invoiceId).then().body("status", equalTo("CREATED"));
        assertThat(Invoices.balanceMinor(invoiceId)).isEqualTo(500);
        Response over = refund(key, paymentId, 1501);
        Envelopes.assertStatus(over, 400, "/external/payments/" + paymentId + "/refunds");
        over.then().body("message", containsString("1500"));
        refund(key, paymentId, 1500).then().statusCode(201).body("status", equalTo("succeeded"));
        Envelopes.assertStatus(refund(key, paymentId, 1), 400, "/external/payments/" + paymentId + "/refunds");
        Envelopes.assertStatus(refund(key, paymentId, UUID.randomUUID().toString(), Map.of("amountMinor", 0)), 400,
                "/external/payments/" + paymentId + "/refunds");
        ExternalPayments.get(key, paymentId).then().body("refundedMinor", equalTo(2000));
        assertInvariants();
    }

    @Test
    void givenMalformedRefundRequests_whenPosted_thenTheFamilys400AndNothingRecorded() {
        Tenants.Key key = testKey(Tenants.company());
        String paymentId = ExternalPayments.direct(key, payment(2000)).getString("id");
        String path = "/external/payments/" + paymentId + "/refunds";

        Envelopes.assertStatus(refund(key, paymentId, UUID.randomUUID().toString(), Map.of("amountMinor", "100")), 400, path);
        Envelopes.assertStatus(refund(key, paymentId, UUID.randomUUID().toString(), Map.of()), 400, path);
        Envelopes.assertStatus(refund(key, paymentId, UUID.randomUUID().toString(),
                Map.of("amountMinor", 100, "reason", "x".repeat(501))), 400, path);
        Envelopes.assertStatus(refund(key, paymentId, "not-a-uuid", Map.of("amountMinor", 100)), 400, path);
        Envelopes.assertStatus(refund(key, "not-a-payment", UUID.randomUUID().toString(), Map.of("amountMinor", 100)), 400,
                "/external/payments/not-a-payment/refunds");
        Envelopes.assertStatus(given().header("X-API-Key", key.secret()).contentType("application/json").body("[1]")
                .header("Idempotency-Key", UUID.randomUUID().toString()).post(path), 400, path);
        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE external_payment_id = ?::uuid", paymentId)).isZero();
    }

    /** Refunds racing on one payment: the payment's row lock lets through only what it holds, never more. */
    @Test
    void givenConcurrentRefunds_whenTogetherAboveThePayment_thenOnlyWhatItHeldIsRefunded() throws Exception {
        Tenants.Key key = testKey(Tenants.company());
        String paymentId = ExternalPayments.direct(key, payment(2500)).getString("id");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Integer> statuses = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return refund(key, paymentId, 1000).statusCode();
                }));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(statuses).containsOnly(201, 400).filteredOn(status -> status == 201).hasSize(2);
        ExternalPayments.get(key, paymentId).then().body("refundedMinor", equalTo(2000));
        refund(key, paymentId, 500).then().statusCode(201);
        Envelopes.assertStatus(refund(key, paymentId, 1), 400, "/external/payments/" + paymentId + "/refunds");
        assertInvariants();
    }

    @Test
    void givenPaymentsNotCompletedOrOfAnotherPartner_whenRefunded_then409Or404() throws SQLException {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        String pending = ExternalPayments.direct(key, payment(1003)).getString("id");
        String failed = ExternalPayments.direct(key, payment(1002)).getString("id");
        String completed = ExternalPayments.direct(key, payment(1000)).getString("id");
        Tenants.Key otherPartner = company.createKey(Map.of("name", "pos", "permissions", INVOICES_AND_PAYMENTS, "source", "pos",
                "environment", "test"));

        Envelopes.assertStatus(refund(key, pending, 100), 409, "/external/payments/" + pending + "/refunds");
        Envelopes.assertStatus(refund(key, failed, 100), 409, "/external/payments/" + failed + "/refunds");
        Envelopes.assertStatus(refund(otherPartner, completed, 100), 404, "/external/payments/" + completed + "/refunds");
        Envelopes.assertStatus(given().header("X-API-Key", otherPartner.secret())
                .get("/external/payments/{id}/refunds", completed), 404, "/external/payments/" + completed + "/refunds");
        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE company_id = ?", company.id())).isZero();
        assertInvariants();
    }

    @Test
    void givenRefundTheSandboxDeclines_whenAsked_thenFailedAndTheMoneyBackWhereItWas() throws SQLException {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath paid = ExternalPayments.direct(key, payment(3000));
        String paymentId = paid.getString("id");

        refund(key, paymentId, 1002).then().statusCode(201).body("status", equalTo("failed"));

        assertThat(LedgerChecks.accountMinor(key.company().id(), "unapplied_payment:" + paid.getString("paymentId"), "USD"))
                .isEqualTo(-3000);
        assertThat(events(key, "external_payment.refunded")).isZero();
        ExternalPayments.get(key, paymentId).then().body("refundedMinor", equalTo(0));
        refund(key, paymentId, 3000).then().statusCode(201).body("status", equalTo("succeeded"));
        assertInvariants();
    }

    @Test
    void givenPaymentThatPaidAnInvoice_whenChargedBackInTheSandbox_thenTheInvoiceOwesAgainAndTheCompanyHearsOfIt()
            throws SQLException {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        String invoiceId = Invoices.create(key).getString("id");
        String paymentId = ExternalPayments.direct(key, payment(2000, "invoiceId", invoiceId)).getString("id");

        chargeback(key, paymentId).then().statusCode(200)
                .body("kind", equalTo("chargeback")).body("status", equalTo("succeeded")).body("amountMinor", equalTo(2000));

        Invoices.get(key, invoiceId).then().body("status", equalTo("CREATED"));
        assertThat(Invoices.balanceMinor(invoiceId)).isEqualTo(2000);
        assertThat(events(key, "external_payment.charged_back")).isEqualTo(1);
        assertThat(events(key, "invoice.refunded")).isEqualTo(1);
        given().header("X-API-Key", key.secret()).get("/external/payments/{id}/refunds", paymentId).then()
                .body("refunds.kind", equalTo(List.of("chargeback")));
        Envelopes.assertStatus(refund(key, paymentId, 1), 400, "/external/payments/" + paymentId + "/refunds");
        chargeback(key, paymentId).then().statusCode(409);
        Tenants.Key live = company.createKey(Map.of("name", "live", "permissions", INVOICES_AND_PAYMENTS, "source", "erp"));
        chargeback(live, paymentId).then().statusCode(403);
        assertInvariants();
    }

    /** The invoice's partner reads the refunded document and payment in the integrations API: the refund is a negative application. */
    @Test
    void givenPartlyRefundedPayment_whenTheInvoicesPartnerReadsIt_thenTheRefundShowsAsANegativeApplication() throws SQLException {
        List<String> permissions = new ArrayList<>(Partner.ALL);
        permissions.addAll(INVOICES_AND_PAYMENTS);
        Partner partner = new Partner(Tenants.company().createKey(
                Map.of("name", "erp", "permissions", permissions, "source", "erp", "environment", "test")));
        Map<String, Object> invoice = Invoices.body();
        invoice.put("provider_id", "F-REF-1");
        String invoiceId = Invoices.create(partner.key, invoice).getString("id");
        String paymentId = ExternalPayments.direct(partner.key, payment(2000, "invoiceId", invoiceId)).getString("id");
        refund(partner.key, paymentId, 800).then().statusCode(201).body("status", equalTo("succeeded"));
        Integrations.awaitChangeFeeds();

        partner.get("/collection-documents/F-REF-1").then().statusCode(200)
                .body("appliedPayments.amountMinor", equalTo(List.of(2000, -800)));
        partner.get("/payments/external:" + paymentId).then().statusCode(200)
                .body("amountMinor", equalTo(2000));
        assertInvariants();
    }

    /**
     * I3's refund clauses bite: a succeeded refund marked failed leaves its payment's money unexplained,
     * and one marked pending has nothing in flight. Each corruption is rolled back.
     */
    @Test
    void givenRefundRowsCorrupted_whenTheInvariantsAreChecked_thenI3NamesThePaymentOrTheRefund() throws SQLException {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath paid = ExternalPayments.direct(key, payment(1500));
        String refundId = refund(key, paid.getString("id"), 500).then().statusCode(201).extract().path("id");

        assertI3Broken("UPDATE refunds SET status = 'failed' WHERE id = '" + refundId + "'", "payment " + paid.getString("paymentId"));
        assertI3Broken("UPDATE refunds SET status = 'pending' WHERE id = '" + refundId + "'", "refund " + refundId);
        assertInvariants();
    }

    private static void assertI3Broken(String corruption, String named) throws SQLException {
        try (Connection connection = ServiceUnderTest.connect()) {
            connection.setAutoCommit(false);
            try {
                Sql.execute(connection, corruption);
                LedgerCheck check = LedgerInvariantQueries.check(connection);
                assertThat(check.violations(LedgerInvariant.I3)).as(corruption).isPositive();
                assertThat(check.firstViolations()).as(corruption).anyMatch(violation -> violation.toString().contains(named));
            } finally {
                connection.rollback();
            }
        }
    }

    @Test
    void givenInvoiceReconciled_whenItsPaymentIsRefunded_then409() throws SQLException {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        String paymentId = ExternalPayments.direct(key, payment(2000, "invoiceId", invoiceId)).getString("id");
        given().header("X-API-Key", key.secret()).post("/sandbox/invoices/{id}/conciliate", invoiceId).then().statusCode(200);

        Response refused = refund(key, paymentId, 2000);

        Envelopes.assertStatus(refused, 409, "/external/payments/" + paymentId + "/refunds");
        Invoices.get(key, invoiceId).then().body("status", equalTo("CONCILIATED"));
        assertInvariants();
    }
}
