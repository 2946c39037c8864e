package dev.recaudo.e2e.externalpayments;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.application.externalpayment.ChargeRecoveryUseCase;
import dev.recaudo.application.refund.RefundRecoveryUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.sql.Connection;
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

/** The external payments API end to end: creation, processing, completion into the ledger, reads and cancels. */
@QuarkusTest
class ExternalPaymentsTest {

    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    @Inject
    ChargeRecoveryUseCase recovery;

    @Inject
    RefundRecoveryUseCase refundRecovery;

    private static Tenants.Key testKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp test", "permissions", INVOICES_AND_PAYMENTS, "source", "erp",
                "environment", "test"));
    }

    private static Map<String, Object> body(long amountMinor, Object... more) {
        Map<String, Object> body = new HashMap<>(Map.of("amountMinor", amountMinor, "currency", "USD"));
        for (int i = 0; i < more.length; i += 2) {
            body.put((String) more[i], more[i + 1]);
        }
        return body;
    }

    private static void assertError(Response response, int status, String path) {
        Envelopes.assertStatus(response, status, path);
    }

    @Test
    void givenHostedPayment_whenCreated_thenPendingWithCheckoutUrlAndEveryField() {
        Tenants.Key key = testKey(Tenants.company());
        Response created = ExternalPayments.post(key, "/external/payments", body(1500, "externalReference", "order-1",
                "description", "Pedido 1", "redirectUrl", "https://shop.example/thanks"));
        created.then().statusCode(201)
                .body("status", equalTo("pending"))
                .body("mode", equalTo("hosted"))
                .body("amountMinor", equalTo(1500))
                .body("currency", equalTo("USD"))
                .body("externalReference", equalTo("order-1"))
                .body("description", equalTo("Pedido 1"))
                .body("redirectUrl", equalTo("https://shop.example/thanks"))
                .body("paymentId", nullValue())
                .body("totalAppliedMinor", nullValue())
                .body("creditCreatedMinor", nullValue())
                .body("invoiceId", nullValue())
                .body("webhookAttempts.size()", equalTo(0));
        JsonPath payment = created.jsonPath();
        assertThat(payment.getString("checkoutUrl")).startsWith("http://localhost:8080/pay/");
        assertThat(payment.getString("createdAt")).isNotBlank();
        ExternalPayments.get(key, payment.getString("id")).then().statusCode(200)
                .body("id", equalTo(payment.getString("id")))
                .body("checkoutUrl", equalTo(payment.getString("checkoutUrl")));
    }

    @Test
    void givenHostedPaymentWithoutInvoice_whenPaidInSandbox_thenCompletedAndMoneyHeldUnappliedInTheLedger() {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath created = ExternalPayments.hosted(key, body(2500));
        JsonPath completed = ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created))
                .then().statusCode(200).body("status", equalTo("completed"))
                .body("totalAppliedMinor", equalTo(0)).body("creditCreatedMinor", equalTo(0)).extract().jsonPath();
        String paymentId = completed.getString("paymentId");
        assertThat(paymentId).isNotNull();
        // Without an invoice nothing is applied or credited: the money waits unapplied.
        ExternalPayments.get(key, created.getString("id")).then().statusCode(200)
                .body("status", equalTo("completed")).body("paymentId", equalTo(paymentId))
                .body("totalAppliedMinor", equalTo(0)).body("creditCreatedMinor", equalTo(0));
        assertThat(LedgerChecks.accountMinor(key.company().id(), "unapplied_payment:" + paymentId, "USD")).isEqualTo(-2500);
        assertThat(Sql.text("SELECT kind FROM payments WHERE id = ?::uuid", paymentId)).isEqualTo("EXTERNAL");

        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(409);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = ?",
                "external:" + created.getString("id"))).isEqualTo(1);
    }

    @Test
    void givenHostedPaymentForAnInvoice_whenPaid_thenInvoicePaidOnceAndItsOwnCheckoutApprovedByIt() {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        String invoiceId = invoice.getString("id");
        String invoiceCheckout = invoice.getString("payment.id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        assertThat(created.getString("invoiceId")).isEqualTo(invoiceId);

        // One payable page per invoice: the invoice's own checkout stays payable, and one hosted payment at a time.
        Invoices.get(key, invoiceId).then().statusCode(200).body("payment.status", equalTo("PENDING"));
        ExternalPayments.post(key, "/external/payments", body(2000, "invoiceId", invoiceId)).then().statusCode(409);

        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(200)
                .body("totalAppliedMinor", equalTo(2000)).body("creditCreatedMinor", equalTo(0));
        ExternalPayments.get(key, created.getString("id")).then()
                .body("totalAppliedMinor", equalTo(2000)).body("creditCreatedMinor", equalTo(0));
        Invoices.get(key, invoiceId).then().statusCode(200).body("status", equalTo("PAID"))
                .body("payment.status", equalTo("APPROVED"))
                .body("payment.provider_id", equalTo("external:" + created.getString("id")));
        Invoices.completeCheckout(key, invoiceCheckout).then().statusCode(409);
        assertThat(Invoices.balanceMinor(invoiceId)).isZero();
        assertThat(Invoices.receivableMinor(invoiceId)).isZero();
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'",
                key.company().id())).isEqualTo(1);
    }

    /** Concurrent completions of one hosted payment (two tabs, a double click): one pays, the others are told it is paid. */
    @Test
    void givenConcurrentCompletions_whenRacing_thenCompletedOnceWithOnePaymentAndOneInvoicePaid() throws Exception {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        UUID checkoutId = ExternalPayments.checkoutId(created);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return ExternalPayments.completeInSandbox(key, checkoutId).statusCode();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(60, TimeUnit.SECONDS));
            }
            assertThat(statuses).containsOnly(200, 409).filteredOn(status -> status == 200).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = ?",
                "external:" + created.getString("id"))).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'",
                key.company().id())).isEqualTo(1);
        Invoices.get(key, invoiceId).then().body("status", equalTo("PAID"));
        assertThat(Invoices.balanceMinor(invoiceId)).isZero();
    }

    /**
     * Partial payments are not supported (issue 22, item 5): a payment for an invoice is for exactly its
     * open balance, else 400 on amountMinor, and the refused payment leaves the invoice as it was.
     */
    @Test
    void givenAmountOtherThanTheOpenBalance_whenCreatingForAnInvoice_then400OnAmountAndTheInvoiceUntouched() {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        String invoiceId = invoice.getString("id");
        for (String path : List.of("/external/payments", "/external/payments/direct")) {
            for (long amountMinor : List.of(1500L, 2550L)) {
                Response refused = ExternalPayments.post(key, path, body(amountMinor, "invoiceId", invoiceId));
                assertError(refused, 400, path);
                assertThat(refused.jsonPath().getString("message"))
                        .isEqualTo("amountMinor must equal the invoice's open balance, 2000 USD");
            }
        }
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", key.company().id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", key.company().id())).isZero();
        Invoices.get(key, invoiceId).then().statusCode(200).body("status", equalTo("CREATED"))
                .body("payment.status", equalTo("PENDING")).body("payment.id", equalTo(invoice.getString("payment.id")));
        assertThat(Invoices.balanceMinor(invoiceId)).isEqualTo(2000);
        Invoices.put(key, invoiceId, Invoices.replacement(30)).then().statusCode(200);
        Invoices.delete(key, invoiceId).then().statusCode(204);
    }

    @Test
    void givenHostedPaymentForAnInvoicePaidMeanwhile_whenCompleted_thenRefusedBecauseThePaymentClosedIt() {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        Invoices.settle(key, invoiceId, "prov-1").then().statusCode(204);

        ExternalPayments.get(key, created.getString("id")).then().body("status", equalTo("canceled"));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(409);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = ?",
                "external:" + created.getString("id"))).isZero();
        assertThat(Invoices.balanceMinor(invoiceId)).isZero();
    }

    /**
     * Late money for a closed invoice, the real way: a direct payment whose approval was lost on the way
     * back (sandbox ending 04) stays pending, the invoice is settled meanwhile, and the recovery learns
     * the charge was approved. The money was taken, so the payment completes, pays the invoice nothing
     * and is the customer's credit, announced, which the sandbox (a rail that refunds) gives back.
     */
    @Test
    void givenDirectPaymentAnsweredLate_whenTheInvoiceWasSettledMeanwhile_thenItIsCreditRefundedThroughTheSandbox() throws Exception {
        Tenants.Key key = testKey(Tenants.company());
        Map<String, Object> invoiceBody = Invoices.body();
        invoiceBody.put("amount", 25.04);
        String invoiceId = Invoices.create(key, invoiceBody).getString("id");
        JsonPath direct = ExternalPayments.direct(key, body(2504, "invoiceId", invoiceId));
        assertThat(direct.getString("status")).isEqualTo("pending");
        Invoices.settle(key, invoiceId, "prov-2").then().statusCode(204);

        Sql.execute("UPDATE external_payments SET created_at = created_at - interval '1 hour' WHERE id = ?::uuid",
                direct.getString("id"));
        recovery.recoverUnknownCharges(KeyEnvironment.TEST);

        // The sandbox can refund, so the credit the money became is at once on its way back to the payer.
        String paymentId = ExternalPayments.get(key, direct.getString("id")).then().statusCode(200)
                .body("status", equalTo("completed")).body("totalAppliedMinor", equalTo(0))
                .body("creditCreatedMinor", equalTo(0)).body("refundPendingMinor", equalTo(2504))
                .extract().path("paymentId");
        String customer = Sql.text("SELECT customer_id::text FROM payments WHERE id = ?::uuid", paymentId);
        assertThat(LedgerChecks.accountMinor(key.company().id(), "customer_credit:" + customer, "USD")).isZero();
        Invoices.get(key, invoiceId).then().body("status", equalTo("PAID_FROM_PROVIDER"))
                .body("payment.provider_id", equalTo("prov-2"));
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'customer.credit_created'",
                key.company().id())).isEqualTo(1);
        assertThat(Sql.text("SELECT reason || ' ' || from_credit_minor || ' ' || status FROM refunds"
                + " WHERE external_payment_id = ?::uuid", direct.getString("id"))).isEqualTo("document_closed 2504 pending");

        Sql.execute("UPDATE refunds SET created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour'"
                + " WHERE external_payment_id = ?::uuid", direct.getString("id"));
        refundRecovery.recoverPendingRefunds(KeyEnvironment.TEST);

        ExternalPayments.get(key, direct.getString("id")).then().body("refundedMinor", equalTo(2504))
                .body("refundPendingMinor", equalTo(0));
        assertThat(Sql.count("SELECT count(*) FROM sandbox_refunds WHERE company_id = ?", key.company().id())).isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenDirectPayments_whenTheSandboxDecides_thenCompletedFailedOrPendingByTheAmountsEnding() {
        Tenants.Key key = testKey(Tenants.company());
        assertThat(ExternalPayments.direct(key, body(1000)).getString("status")).isEqualTo("completed");
        JsonPath declined = ExternalPayments.direct(key, body(1002));
        assertThat(declined.getString("status")).isEqualTo("failed");
        assertThat(declined.getString("paymentId")).isNull();
        assertThat(ExternalPayments.direct(key, body(1003)).getString("status")).isEqualTo("pending");
        assertThat(declined.getString("checkoutUrl")).isNull();
        assertThat(declined.getString("mode")).isEqualTo("direct");
    }

    @Test
    void givenPendingPayment_whenCanceledTwice_thenCanceledBothTimesAndACompletedOneAnswers409() {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        for (int i = 0; i < 2; i++) {
            given().header("X-API-Key", key.secret()).delete("/external/payments/{id}", created.getString("id"))
                    .then().statusCode(200).body("status", equalTo("canceled"));
        }
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(409);
        // The invoice's own checkout was never canceled: it is payable as it was.
        JsonPath invoice = Invoices.get(key, invoiceId).then().body("payment.status", equalTo("PENDING")).extract().jsonPath();
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE document_id = ?::uuid", invoiceId)).isEqualTo(1);
        Invoices.completeCheckout(key, invoice.getString("payment.id")).then().statusCode(200);

        JsonPath completed = ExternalPayments.direct(key, body(700));
        Response refused = given().header("X-API-Key", key.secret()).delete("/external/payments/{id}", completed.getString("id"));
        assertError(refused, 409, "/external/payments/" + completed.getString("id"));
    }

    @Test
    void givenInvoiceAmountChanged_whenAHostedPaymentCollectedIt_thenThatPaymentIsCanceled() {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        Invoices.put(key, invoiceId, Invoices.replacement(30)).then().statusCode(200);
        ExternalPayments.get(key, created.getString("id")).then().body("status", equalTo("canceled"));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(409);
    }

    @Test
    void givenList_whenPaged_thenNewestFirstWithTotalsAndOnlyThePartnersOwnPayments() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        Tenants.Key otherPartner = company.createKey(Map.of("name", "other", "source", "other", "environment", "test"));
        Tenants.Key live = company.createKey(Map.of("name", "live", "source", "erp"));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(0, ExternalPayments.hosted(key, body(100 + i)).getString("id"));
        }
        given().header("X-API-Key", key.secret()).queryParam("limit", 2).get("/external/payments")
                .then().statusCode(200)
                .body("total", equalTo(3)).body("page", equalTo(1)).body("limit", equalTo(2))
                .body("payments.id", equalTo(ids.subList(0, 2)))
                .body("payments[0].webhookAttempts.size()", equalTo(0));
        given().header("X-API-Key", key.secret()).queryParam("limit", 2).queryParam("page", 2).get("/external/payments")
                .then().body("payments.id", equalTo(ids.subList(2, 3)));
        given().header("X-API-Key", otherPartner.secret()).get("/external/payments").then().body("total", equalTo(0));
        given().header("X-API-Key", live.secret()).get("/external/payments").then().body("total", equalTo(0));
        assertError(ExternalPayments.get(otherPartner, ids.get(0)), 404, "/external/payments/" + ids.get(0));
        assertError(given().header("X-API-Key", otherPartner.secret()).delete("/external/payments/{id}", ids.get(0)), 404,
                "/external/payments/" + ids.get(0));
        ExternalPayments.completeInSandbox(otherPartner, ExternalPayments.checkoutId(ExternalPayments.get(key, ids.get(0))
                .jsonPath())).then().statusCode(404);
        given().header("X-API-Key", key.secret()).queryParam("limit", 101).get("/external/payments").then().statusCode(400);
    }

    /**
     * An external payment made for a partner's invoice is listed on the invoice's document, so that
     * partner reads it in the integrations API, with its kind; nobody else does. One made without an
     * invoice is on no partner's document and stays the external payments API's.
     */
    @Test
    void givenExternalPaymentForAnInvoice_whenCompleted_thenTheInvoicesPartnerReadsItsDetailWithItsKindAndNobodyElse() {
        List<String> permissions = new ArrayList<>(Partner.ALL);
        permissions.addAll(INVOICES_AND_PAYMENTS);
        Tenants.Company company = Tenants.company();
        Partner partner = new Partner(company.createKey(
                Map.of("name", "erp", "permissions", permissions, "source", "erp", "environment", "test")));
        Map<String, Object> invoice = Invoices.body();
        invoice.put("provider_id", "F-EXT-1");
        String paidByExternal = Invoices.create(partner.key, invoice).getString("id");
        JsonPath direct = ExternalPayments.direct(partner.key, body(2000, "invoiceId", paidByExternal));
        assertThat(direct.getString("status")).isEqualTo("completed");
        String externalPaymentId = "external:" + direct.getString("id");
        JsonPath withoutInvoice = ExternalPayments.direct(partner.key, body(1000));
        String checkout = Invoices.create(partner.key).getString("payment.id");
        Invoices.completeCheckout(partner.key, checkout).then().statusCode(200);
        Integrations.awaitChangeFeeds();

        partner.get("/collection-documents/F-EXT-1").then().statusCode(200)
                .body("appliedPayments.externalPaymentId", equalTo(List.of(externalPaymentId)))
                .body("appliedPayments.provider", equalTo(List.of("external")));
        partner.get("/payments/" + externalPaymentId).then().statusCode(200)
                .body("externalPaymentId", equalTo(externalPaymentId))
                .body("provider", equalTo("external"))
                .body("paymentId", equalTo(direct.getString("paymentId")))
                .body("source", equalTo("erp"))
                .body("amountMinor", equalTo(2000))
                .body("status", equalTo("applied"))
                .body("documents.externalDocumentId", equalTo(List.of("F-EXT-1")));
        partner.get("/payments", "provider=external").then().statusCode(200)
                .body("items.externalPaymentId", equalTo(List.of(externalPaymentId)));
        partner.get("/payments").then().statusCode(200)
                .body("items.externalPaymentId", equalTo(List.of(externalPaymentId, "checkout:" + checkout)))
                .body("items.provider", equalTo(List.of("external", "checkout")));

        // Nobody else: another partner of the company, the live side of the same partner, another company.
        Partner otherPartner = new Partner(company.createKey(
                Map.of("name", "pos", "permissions", Partner.ALL, "source", "pos", "environment", "test")));
        otherPartner.get("/payments/" + externalPaymentId).then().statusCode(404);
        otherPartner.get("/payments", "provider=external").then().statusCode(200).body("items", equalTo(List.of()));
        Partner live = new Partner(company.createKey(Map.of("name", "erp live", "permissions", Partner.ALL, "source", "erp")));
        live.get("/payments/" + externalPaymentId).then().statusCode(404);
        Partner stranger = new Partner(Tenants.company().createKey(
                Map.of("name", "erp", "permissions", Partner.ALL, "source", "erp", "environment", "test")));
        stranger.get("/payments/" + externalPaymentId).then().statusCode(404);

        // The payment without an invoice is on no partner's document: not shown, even to a key of no
        // source naming the creating partner's scope as its source.
        String unlinked = "external:" + withoutInvoice.getString("id");
        partner.get("/payments/" + unlinked).then().statusCode(404);
        Partner everyPartner = new Partner(company.createKey(
                Map.of("name", "all", "permissions", Partner.ALL, "environment", "test")));
        everyPartner.get("/payments/" + externalPaymentId, "source=erp").then().statusCode(200)
                .body("provider", equalTo("external"));
        everyPartner.get("/payments/" + unlinked, "source=source:erp").then().statusCode(404);
        everyPartner.get("/payments").then().statusCode(200)
                .body("items.externalPaymentId", equalTo(List.of(externalPaymentId, "checkout:" + checkout)));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ? AND kind = 'EXTERNAL'", company.id()))
                .isEqualTo(2);
    }

    @Test
    void givenInvoiceAnnulled_whenAHostedPaymentCollectedIt_thenThatPaymentIsCanceledAndTakesNoMoney() {
        Tenants.Key key = testKey(Tenants.company());
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath created = ExternalPayments.hosted(key, body(2000, "invoiceId", invoiceId));
        Invoices.delete(key, invoiceId).then().statusCode(204);
        ExternalPayments.get(key, created.getString("id")).then().body("status", equalTo("canceled"));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(409);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = ?",
                "external:" + created.getString("id"))).isZero();
    }

    @Test
    void givenIdempotencyKey_whenRepeatedOrReusedOrMalformed_thenReplayedRefusedOr400() {
        Tenants.Key key = testKey(Tenants.company());
        String idempotencyKey = UUID.randomUUID().toString();
        JsonPath first = ExternalPayments.post(key, "/external/payments", idempotencyKey, body(1200))
                .then().statusCode(201).extract().jsonPath();
        ExternalPayments.post(key, "/external/payments", idempotencyKey, body(1200))
                .then().statusCode(201).body("id", equalTo(first.getString("id")));
        assertError(ExternalPayments.post(key, "/external/payments", idempotencyKey, body(1300)), 409, "/external/payments");
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", key.company().id())).isEqualTo(1);
        // Another partner of the company with the same key and body gets its own payment, never the first answer.
        Tenants.Key otherPartner = key.company().createKey(Map.of("name", "pos", "source", "pos", "environment", "test"));
        String theirs = ExternalPayments.post(otherPartner, "/external/payments", idempotencyKey, body(1200))
                .then().statusCode(201).extract().path("id");
        assertThat(theirs).isNotEqualTo(first.getString("id"));

        for (String malformed : List.of("not-a-uuid", "3fa85f64-5717-1562-b3fc-2c963f66afa6", "")) {
            assertError(ExternalPayments.post(key, "/external/payments", malformed, body(1200)), 400, "/external/payments");
        }
        assertError(given().header("X-API-Key", key.secret()).contentType("application/json").body(body(1200))
                .post("/external/payments/direct"), 400, "/external/payments/direct");
    }

    @Test
    void givenInvalidBodies_whenCreating_then400InTheStatusEnvelope() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        List<Map<String, Object>> invalid = List.of(
                Map.of("currency", "USD"),
                body(0),
                body(-5),
                Map.of("amountMinor", 100, "currency", "EUR"),
                Map.of("amountMinor", 100),
                Map.of("amountMinor", "100", "currency", "USD"),
                Map.of("amountMinor", 1.5, "currency", "USD"),
                Map.of("amountMinor", new java.math.BigInteger("99999999999999999999999"), "currency", "USD"),
                body(100, "invoiceId", "nope"),
                body(100, "redirectUrl", "http://shop.example/thanks"),
                body(100, "redirectUrl", "javascript:alert(1)"),
                body(100, "externalReference", "x".repeat(256)),
                body(100, "description", ""));
        for (Map<String, Object> body : invalid) {
            assertError(ExternalPayments.post(key, "/external/payments", body), 400, "/external/payments");
        }
        assertError(given().header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString())
                .contentType("application/json").body("[1]").post("/external/payments"), 400, "/external/payments");
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenInvoiceOfAnotherCompanyPartnerOrCurrency_whenReferenced_thenRefused() {
        Tenants.Key key = testKey(Tenants.company());
        Tenants.Key stranger = testKey(Tenants.company());
        String foreign = Invoices.create(stranger).getString("id");
        assertError(ExternalPayments.post(key, "/external/payments", body(2000, "invoiceId", foreign)), 404,
                "/external/payments");
        Tenants.Key otherPartner = key.company().createKey(Map.of("name", "other", "source", "other", "environment", "test",
                "permissions", INVOICES_AND_PAYMENTS));
        String mine = Invoices.create(key).getString("id");
        assertError(ExternalPayments.post(otherPartner, "/external/payments", body(2000, "invoiceId", mine)), 404,
                "/external/payments");
        Map<String, Object> ves = body(2000, "invoiceId", mine);
        ves.put("currency", "VES");
        assertError(ExternalPayments.post(key, "/external/payments", ves), 400, "/external/payments");
        Invoices.delete(key, mine).then().statusCode(204);
        assertError(ExternalPayments.post(key, "/external/payments/direct", body(2000, "invoiceId", mine)), 409,
                "/external/payments/direct");
    }

    @Test
    void givenCallbackUrlThatIsNotAPublicAddress_whenPrivateTargetsAreRefused_then400() {
        // The test profile allows private targets; the refusal is the webhook target policy's, tested
        // with private targets refused in WebhookTargetsTest.
        Tenants.Key key = testKey(Tenants.company());
        assertError(ExternalPayments.post(key, "/external/payments", body(100, "callbackUrl", "ftp://example.com/hook")), 400,
                "/external/payments");
    }

    @Test
    void givenLiveKeyWithoutProcessorOrCompanyWithoutReferenceCurrency_whenCreating_then503() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = company.createKey(Map.of("name", "live", "source", "erp"));
        assertError(ExternalPayments.post(live, "/external/payments", body(100)), 503, "/external/payments");
        assertError(ExternalPayments.post(live, "/external/payments/direct", body(100)), 503, "/external/payments/direct");
        Tenants.Company unconfigured = Tenants.company(null);
        Tenants.Key test = unconfigured.createKey(Map.of("name", "t", "environment", "test"));
        assertError(ExternalPayments.post(test, "/external/payments", body(100)), 503, "/external/payments");
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id IN (?, ?)", company.id(),
                unconfigured.id())).isZero();
    }

    @Test
    void givenKeyWithoutPermission_whenWritingOrReading_then403() {
        Tenants.Company company = Tenants.company();
        Tenants.Key reader = company.createKey(Map.of("name", "r", "permissions", List.of("payments:read"), "environment", "test"));
        Tenants.Key creator = company.createKey(Map.of("name", "c", "permissions", List.of("payments:create"),
                "environment", "test"));
        assertError(ExternalPayments.post(reader, "/external/payments", body(100)), 403, "/external/payments");
        String id = ExternalPayments.hosted(creator, body(100)).getString("id");
        assertError(ExternalPayments.get(creator, id), 403, "/external/payments/" + id);
        assertError(given().header("X-API-Key", reader.secret()).delete("/external/payments/{id}", id), 403,
                "/external/payments/" + id);
        assertError(ExternalPayments.get(reader, "not-a-uuid"), 400, "/external/payments/not-a-uuid");
    }
}
