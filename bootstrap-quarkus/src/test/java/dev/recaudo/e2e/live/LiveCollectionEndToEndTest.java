package dev.recaudo.e2e.live;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.recaudo.application.externalpayment.ChargeRecoveryUseCase;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.stripe.EventSigner;
import dev.recaudo.stripe.StripeDouble;
import dev.recaudo.stripe.StripeRail;
import io.quarkus.arc.All;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Live collection end to end on the REAL Stripe rail (adapter-stripe's StripeRail and its processor),
 * whose API is adapter-stripe's {@link StripeDouble} (WireMock answering as Stripe's API): a company's
 * admin sets its Stripe keys, and a live key collects by direct card payments (at once, and after the
 * payer's authentication), through the hosted page's session, by bank transfer; a refund, a payout
 * reconciling what it paid out, and the faults of the processor's API and events. What the adapter sent
 * is read from WireMock's journal; the events are signed as Stripe signs them ({@link EventSigner}).
 */
@QuarkusTest
@TestProfile(RealStripeRail.class)
class LiveCollectionEndToEndTest {

    private static final String SECRET_KEY = "sk_live_" + "LiveE2eK3y";
    private static final String WEBHOOK_SECRET = "whsec_" + "bGl2ZS1lMmUtc2VjcmV0";
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern REFERENCE = Pattern.compile("id=\"transfer-reference\">(RC[0-9]{11})<");
    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    @Inject
    @All
    List<CardRail> cardRails;

    @Inject
    ChargeRecoveryUseCase recovery;

    private StripeDouble stripe;

    @BeforeEach
    void freshDouble() {
        stripe = RealStripeRail.stripe();
        stripe.reset();
    }

    private record World(Tenants.Company company, Tenants.Key live) {
        UUID id() {
            return company.id();
        }
    }

    /** A company whose admin set its Stripe keys through the route, and a live key of invoices and payments. */
    private static World world() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("secretKey", SECRET_KEY, "webhookSecret", WEBHOOK_SECRET))
                .put("/companies/{companyId}/payment-rails/stripe", company.id()).then().statusCode(200)
                .body("configured", equalTo(true));
        return new World(company, company.key("erp live", INVOICES_AND_PAYMENTS, "erp"));
    }

    private static Map<String, Object> direct(String paymentMethod, Object... more) {
        Map<String, Object> body = new HashMap<>(Map.of("amountMinor", 2_000, "currency", "USD",
                "redirectUrl", "https://shop.example/back", "paymentMethod", paymentMethod));
        for (int i = 0; i < more.length; i += 2) {
            body.put((String) more[i], more[i + 1]);
        }
        return body;
    }

    private static Map<String, String> tags(World world, String key, String value) {
        return Map.of("recaudo_company_id", world.id().toString(), key, value);
    }

    private static Map<String, String> ofPayment(World world, String paymentId) {
        return tags(world, "recaudo_external_payment_id", paymentId);
    }

    private static Response event(UUID company, String payload, String secret) {
        return given().header(EventSigner.HEADER, new EventSigner(secret).sign(payload)).contentType(ContentType.JSON)
                .body(payload).post("/webhooks/processors/stripe/{companyId}", company);
    }

    private static Response event(World world, String payload) {
        return event(world.id(), payload, WEBHOOK_SECRET);
    }

    private static String status(World world, String paymentId) {
        return ExternalPayments.get(world.live(), paymentId).then().statusCode(200).extract().path("status");
    }

    private static long paidEvents(String invoiceId) {
        return Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?", "%" + invoiceId + "%");
    }

    private static void eventually(String what, BooleanSupplier condition) {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            assertThat(System.currentTimeMillis()).as(what).isLessThan(deadline);
            try {
                Thread.sleep(100);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(interrupted);
            }
        }
    }

    /** The PaymentIntent the adapter created for the payment (its metadata names it). */
    private LoggedRequest intentSentFor(String paymentId) {
        List<LoggedRequest> sent = stripe.requests("POST", "/v1/payment_intents").stream()
                .filter(request -> paymentId.equals(StripeDouble.form(request).get("metadata[recaudo_external_payment_id]")))
                .toList();
        assertThat(sent).as("one PaymentIntent create for " + paymentId).hasSize(1);
        return sent.get(0);
    }

    private static String pagePath(JsonPath invoice) {
        return URI.create(invoice.getString("payment.payment_link")).getPath();
    }

    private static String page(String path) {
        return given().redirects().follow(false).header("Accept-Language", "es").get(path).then().statusCode(200)
                .extract().asString();
    }

    private static String group(Pattern pattern, String html) {
        Matcher matcher = pattern.matcher(html);
        assertThat(matcher.find()).as(pattern.pattern()).isTrue();
        return matcher.group(1);
    }

    private static String resource(String name) {
        try (InputStream in = LiveCollectionEndToEndTest.class.getResourceAsStream("/statements/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    @Test
    void theServiceRunsTheRealStripeRail() {
        assertThat(cardRails).filteredOn(rail -> rail.name().equals("stripe")).singleElement().isInstanceOf(StripeRail.class);
    }

    @Test
    void aLiveCompanyCollectsByCardAtOnceAfterAuthenticationAndThroughThePageByTransferAndItsPayoutConciliates()
            throws Exception {
        World world = world();

        // (a) A direct payment with a payment method: one PaymentIntent, confirmed, with Recaudo's key and tags.
        String invoiceA = Invoices.create(world.live()).getString("id");
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_a_" + world.id(), "succeeded", 2_000, "usd", Map.of()));
        Response a = ExternalPayments.post(world.live(), "/external/payments/direct",
                direct("pm_card_visa", "invoiceId", invoiceA));
        a.then().statusCode(201).body("status", equalTo("completed")).body("nextActionUrl", nullValue());
        String paymentA = a.jsonPath().getString("id");
        LoggedRequest intentA = intentSentFor(paymentA);
        Map<String, String> formA = StripeDouble.form(intentA);
        assertThat(intentA.getHeader("Idempotency-Key"))
                .isEqualTo(PaymentProcessor.ChargeRequest.keyOf(UUID.fromString(paymentA)))
                .isEqualTo(formA.get("metadata[recaudo_charge_key]"));
        assertThat(intentA.getHeader("Authorization")).isEqualTo("Bearer " + SECRET_KEY);
        assertThat(formA).containsEntry("amount", "2000").containsEntry("currency", "usd")
                .containsEntry("payment_method", "pm_card_visa").containsEntry("confirm", "true")
                .containsEntry("return_url", "https://shop.example/back")
                .containsEntry("metadata[recaudo_company_id]", world.id().toString());
        Invoices.get(world.live(), invoiceA).then().statusCode(200).body("status", equalTo("PAID"));

        // (b) The card asks for authentication: pending with the next action, then the signed event completes it once.
        String invoiceB = Invoices.create(world.live()).getString("id");
        String intentB = "pi_b_" + world.id();
        stripe.paymentIntentCreated(StripeDouble.paymentIntentRequiringAction(intentB, 2_000, "usd", Map.of(),
                "https://hooks.stripe.com/3d_secure_2/authenticate/" + intentB));
        Response b = ExternalPayments.post(world.live(), "/external/payments/direct",
                direct("pm_card_authenticationRequired", "invoiceId", invoiceB));
        b.then().statusCode(201).body("status", equalTo("pending"))
                .body("nextActionUrl", equalTo("https://hooks.stripe.com/3d_secure_2/authenticate/" + intentB));
        String paymentB = b.jsonPath().getString("id");
        String succeededB = EventSigner.event("evt_b_" + world.id(), "payment_intent.succeeded",
                StripeDouble.paymentIntent(intentB, "succeeded", 2_000, "usd", ofPayment(world, paymentB)));
        event(world, succeededB).then().statusCode(200).body("received", equalTo(true)).body("duplicate", equalTo(false));
        event(world, succeededB).then().statusCode(200).body("received", equalTo(true)).body("duplicate", equalTo(true));
        ExternalPayments.get(world.live(), paymentB).then().body("status", equalTo("completed")).body("nextActionUrl", nullValue());
        Invoices.get(world.live(), invoiceB).then().statusCode(200).body("status", equalTo("PAID"));
        assertThat(paidEvents(invoiceB)).isEqualTo(1);

        // (c) The hosted page's Pay opens a Checkout Session; its completed event pays the invoice.
        JsonPath invoiceC = Invoices.create(world.live());
        String path = pagePath(invoiceC);
        String checkoutC = path.substring(path.lastIndexOf('/') + 1);
        String sessionC = "cs_test_c_" + world.id().toString().replace("-", "");
        String intentC = "pi_c_" + world.id();
        Map<String, String> checkoutTags = tags(world, "recaudo_checkout_id", checkoutC);
        stripe.sessionCreated(StripeDouble.session(sessionC, "open", "unpaid", 2_000, "usd", null, checkoutTags));
        stripe.sessionRetrieved(StripeDouble.session(sessionC, "complete", "paid", 2_000, "usd", intentC, checkoutTags));
        String csrf = group(CSRF, page(path));
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("csrf", csrf)
                .post(path + "/card").then().statusCode(303)
                .header("Location", equalTo("https://checkout.stripe.com/c/pay/" + sessionC));
        List<LoggedRequest> sessions = stripe.requests("POST", "/v1/checkout/sessions");
        assertThat(sessions).hasSize(1);
        assertThat(StripeDouble.form(sessions.get(0))).containsEntry("metadata[recaudo_checkout_id]", checkoutC)
                .containsEntry("line_items[0][price_data][unit_amount]", "2000");
        assertThat(sessions.get(0).getHeader("Idempotency-Key")).isNotBlank();
        event(world, EventSigner.event("evt_c_" + world.id(), "checkout.session.completed",
                StripeDouble.session(sessionC, "complete", "paid", 2_000, "usd", intentC, checkoutTags)))
                .then().statusCode(200).body("duplicate", equalTo(false));
        Invoices.get(world.live(), invoiceC.getString("id")).then().statusCode(200).body("status", equalTo("PAID"));
        assertThat(paidEvents(invoiceC.getString("id"))).isEqualTo(1);

        // (e) The payout of (a) and (c), fees 0.88 each: both invoices CONCILIATED, the fees on their account.
        String payout = "po_" + world.id().toString().replace("-", "");
        stripe.payoutRetrieved(StripeDouble.payout(payout, "paid", 2 * (2_000 - 88), "usd"));
        stripe.balanceTransactionsListed(payout, List.of(
                StripeDouble.balanceTransaction("txn_a_" + world.id(), "charge", "charge", 2_000, 88, "usd",
                        StripeDouble.charge("ch_a_" + world.id(), "pi_a_" + world.id(), 2_000, "usd", ofPayment(world, paymentA), 0)),
                StripeDouble.balanceTransaction("txn_c_" + world.id(), "charge", "charge", 2_000, 88, "usd",
                        StripeDouble.charge("ch_c_" + world.id(), intentC, 2_000, "usd", checkoutTags, 0)),
                StripeDouble.balanceTransaction("txn_po_" + world.id(), "payout", "payout", -2 * (2_000 - 88), 0, "usd",
                        payout)), List.of());
        event(world, EventSigner.event("evt_po_" + world.id(), "payout.paid",
                StripeDouble.payout(payout, "paid", 2 * (2_000 - 88), "usd"))).then().statusCode(200);
        eventually("both invoices CONCILIATED", () -> Sql.count("SELECT count(*) FROM collection_documents"
                + " WHERE id IN (?::uuid, ?::uuid) AND status = 'CONCILIATED'", invoiceA, invoiceC.getString("id")) == 2);
        assertThat(LedgerChecks.accountMinor(world.id(), "processor_fees:stripe", "USD")).isEqualTo(2 * 88);
        Invoices.get(world.live(), invoiceB).then().body("status", equalTo("PAID"));
        given().auth().oauth2(world.company().adminToken()).get("/companies/{companyId}/payouts", world.id()).then()
                .statusCode(200).body("items[0].payoutId", equalTo(payout)).body("items[0].status", equalTo("MATCHED"));

        // (f) A transfer with the page's reference, seen in a camt.053 import: CONCILIATED.
        JsonPath invoiceF = Invoices.create(world.live());
        Map<String, Object> account = new HashMap<>(Map.of("bank", "Banco Nacional", "holder", "Ferreteria Acme C.A.",
                "currency", "USD", "accountNumber", "VE12 0102 0000 1122 3344 5566"));
        String accountId = given().auth().oauth2(world.company().adminToken()).contentType(ContentType.JSON).body(account)
                .post("/companies/{id}/receiving-accounts", world.id()).then().statusCode(201).extract().path("id");
        String reference = group(REFERENCE, page(pagePath(invoiceF)));
        given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", accountId)
                .contentType("application/xml").body(resource("camt053-first.xml").replace("${REFERENCE}", reference))
                .post("/companies/{id}/bank-statements", world.id()).then().statusCode(201).body("matched", equalTo(1));
        Invoices.get(world.live(), invoiceF.getString("id")).then().statusCode(200).body("status", equalTo("CONCILIATED"));

        for (String invoice : List.of(invoiceA, invoiceB, invoiceC.getString("id"), invoiceF.getString("id"))) {
            assertThat(paidEvents(invoice)).as("invoice.paid of " + invoice).isEqualTo(1);
        }
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", world.id())).isEqualTo(4);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void aRefundIsCreatedAtStripeWithItsKeyAndTheChargeRefundedEventResolvesIt() {
        World world = world();
        String intent = "pi_d_" + world.id();
        stripe.paymentIntentCreated(StripeDouble.paymentIntent(intent, "succeeded", 2_000, "usd", Map.of()));
        String payment = ExternalPayments.post(world.live(), "/external/payments/direct", direct("pm_card_visa"))
                .then().statusCode(201).body("status", equalTo("completed")).extract().path("id");
        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent(intent, "succeeded", 2_000, "usd",
                ofPayment(world, payment))));
        String refundId = "re_d_" + world.id();
        stripe.refundCreated(StripeDouble.refund(refundId, intent, "pending", 500, "usd", ofPayment(world, payment)));

        ExternalPayments.post(world.live(), "/external/payments/" + payment + "/refunds",
                Map.of("amountMinor", 500, "reason", "returned")).then().statusCode(201).body("status", equalTo("pending"));

        List<LoggedRequest> refunds = stripe.requests("POST", "/v1/refunds");
        assertThat(refunds).hasSize(1);
        Map<String, String> form = StripeDouble.form(refunds.get(0));
        assertThat(form).containsEntry("payment_intent", intent).containsEntry("amount", "500")
                .containsEntry("metadata[recaudo_external_payment_id]", payment);
        String key = form.get("metadata[recaudo_refund_key]");
        assertThat(refunds.get(0).getHeader("Idempotency-Key")).isEqualTo(key);
        Map<String, String> refundTags = new HashMap<>(ofPayment(world, payment));
        refundTags.put("recaudo_refund_key", key);
        String refunded = EventSigner.event("evt_d_" + world.id(), "refund.updated",
                StripeDouble.refund(refundId, intent, "succeeded", 500, "usd", refundTags));
        event(world, refunded).then().statusCode(200).body("duplicate", equalTo(false));
        event(world, refunded).then().statusCode(200).body("duplicate", equalTo(true));

        given().header("X-API-Key", world.live().secret()).get("/external/payments/{id}/refunds", payment).then()
                .statusCode(200).body("refunds.size()", equalTo(1)).body("refunds[0].status", equalTo("succeeded"));
        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE external_payment_id = ?::uuid", payment)).isEqualTo(1);
    }

    @Test
    void aChargeWhoseAnswerTimesOutOrFailsWith5xxIsPendingAndTheRecoveryFindsItBySearching() {
        World world = world();
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_late_" + world.id(), "succeeded", 2_000, "usd", Map.of()),
                RealStripeRail.READ_TIMEOUT_MILLIS + 1_500);
        String late = ExternalPayments.post(world.live(), "/external/payments/direct", direct("pm_card_visa"))
                .then().statusCode(201).body("status", equalTo("pending")).extract().path("id");
        stripe.fails("POST", "/v1/payment_intents", 500, "api_error", null);
        String failed = ExternalPayments.post(world.live(), "/external/payments/direct", direct("pm_card_visa"))
                .then().statusCode(201).body("status", equalTo("pending")).extract().path("id");
        assertThat(stripe.requests("POST", "/v1/payment_intents")).as("each charge sent once, never anew").hasSize(2);

        // The search finds the late one succeeded and the 5xx one never made (Stripe made no intent).
        stripe.server().stubFor(com.github.tomakehurst.wiremock.client.WireMock.get(
                com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo("/v1/payment_intents/search"))
                .withQueryParam("query", com.github.tomakehurst.wiremock.client.WireMock.containing(
                        PaymentProcessor.ChargeRequest.keyOf(UUID.fromString(late))))
                .willReturn(com.github.tomakehurst.wiremock.client.WireMock.okJson(dev.recaudo.stripe.StripeJson.write(
                        StripeDouble.list("/v1/payment_intents/search", List.of(StripeDouble.paymentIntent("pi_late_" + world.id(),
                                "succeeded", 2_000, "usd", ofPayment(world, late))), false)))));
        stripe.server().stubFor(com.github.tomakehurst.wiremock.client.WireMock.get(
                com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo("/v1/payment_intents/search"))
                .withQueryParam("query", com.github.tomakehurst.wiremock.client.WireMock.containing(
                        PaymentProcessor.ChargeRequest.keyOf(UUID.fromString(failed))))
                .willReturn(com.github.tomakehurst.wiremock.client.WireMock.okJson(dev.recaudo.stripe.StripeJson.write(
                        StripeDouble.list("/v1/payment_intents/search", List.of(), false)))));
        Sql.execute("UPDATE external_payments SET created_at = created_at - interval '1 hour' WHERE id IN (?::uuid, ?::uuid)",
                late, failed);

        recovery.recoverUnknownCharges(KeyEnvironment.LIVE);

        assertThat(status(world, late)).isEqualTo("completed");
        assertThat(status(world, failed)).isEqualTo("failed");
        assertThat(stripe.requests("GET", "/v1/payment_intents/search")).hasSizeGreaterThanOrEqualTo(2);
        assertThat(stripe.requests("POST", "/v1/payment_intents")).as("asked, never charged again").hasSize(2);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", world.id())).isEqualTo(1);
    }

    @Test
    void aDeclinedCardIsFailed() {
        World world = world();
        stripe.paymentIntentDeclined(StripeDouble.paymentIntent("pi_declined_" + world.id(), "requires_payment_method", 2_000,
                "usd", Map.of()));
        String declined = ExternalPayments.post(world.live(), "/external/payments/direct", direct("pm_card_chargeDeclined"))
                .then().statusCode(201).body("status", equalTo("failed")).extract().path("id");
        assertThat(status(world, declined)).isEqualTo("failed");
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", world.id())).isZero();
    }

    @Test
    void theSucceededEventArrivingBeforeTheApisAnswerCompletesThePaymentOnce() throws Exception {
        World world = world();
        String invoice = Invoices.create(world.live()).getString("id");
        String intent = "pi_early_" + world.id();
        stripe.paymentIntentCreated(StripeDouble.paymentIntent(intent, "succeeded", 2_000, "usd", Map.of()),
                RealStripeRail.READ_TIMEOUT_MILLIS - 300);
        CompletableFuture<Response> answer = CompletableFuture.supplyAsync(() -> ExternalPayments.post(world.live(),
                "/external/payments/direct", direct("pm_card_visa", "invoiceId", invoice)));
        eventually("the charge reached Stripe", () -> !stripe.requests("POST", "/v1/payment_intents").isEmpty());
        String payment = StripeDouble.form(stripe.requests("POST", "/v1/payment_intents").get(0))
                .get("metadata[recaudo_external_payment_id]");

        assertThat(answer).as("the API has not answered yet").isNotDone();
        Response early = event(world, EventSigner.event("evt_early_" + world.id(), "payment_intent.succeeded",
                StripeDouble.paymentIntent(intent, "succeeded", 2_000, "usd", ofPayment(world, payment))));

        early.then().statusCode(200).body("duplicate", equalTo(false));
        assertThat(answer).as("the event was applied while the API had not answered").isNotDone();
        answer.get().then().statusCode(201).body("id", equalTo(payment));
        assertThat(status(world, payment)).isEqualTo("completed");
        Invoices.get(world.live(), invoice).then().body("status", equalTo("PAID"));
        assertThat(paidEvents(invoice)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", world.id())).isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void aForgedStripeSignatureIs400AndAnotherCompanysObjectIsRefused() {
        World world = world();
        World other = world();
        stripe.paymentIntentCreated(StripeDouble.paymentIntentRequiringAction("pi_x_" + world.id(), 2_000, "usd", Map.of(),
                "https://hooks.stripe.com/3ds"));
        String payment = ExternalPayments.post(world.live(), "/external/payments/direct", direct("pm_card_visa"))
                .then().statusCode(201).body("status", equalTo("pending")).extract().path("id");
        String succeeded = EventSigner.event("evt_x_" + world.id(), "payment_intent.succeeded",
                StripeDouble.paymentIntent("pi_x_" + world.id(), "succeeded", 2_000, "usd", ofPayment(world, payment)));
        String othersObject = EventSigner.event("evt_y_" + world.id(), "payment_intent.succeeded",
                StripeDouble.paymentIntent("pi_x_" + world.id(), "succeeded", 2_000, "usd", ofPayment(other, payment)));

        Response forged = event(world.id(), succeeded, "whsec_notTheCompanysOne");
        Response stale = given().header(EventSigner.HEADER, new EventSigner(WEBHOOK_SECRET).sign(succeeded,
                java.time.Instant.now().minusSeconds(StripeRail.TOLERANCE_SECONDS + 60))).contentType(ContentType.JSON)
                .body(succeeded).post("/webhooks/processors/stripe/{companyId}", world.id());
        Response foreign = event(world, othersObject);
        // Posted to the other company's route (signed with its secret, which the test gives both companies).
        Response atTheOther = event(other.id(), succeeded, WEBHOOK_SECRET);

        Envelopes.assertStatus(forged, 400, "/webhooks/processors/stripe/" + world.id());
        Envelopes.assertStatus(stale, 400, "/webhooks/processors/stripe/" + world.id());
        foreign.then().statusCode(403);
        atTheOther.then().statusCode(403);
        assertThat(status(world, payment)).isEqualTo("pending");
        assertThat(Sql.count("SELECT count(*) FROM processor_events WHERE company_id IN (?, ?)", world.id(), other.id()))
                .isZero();
    }
}
