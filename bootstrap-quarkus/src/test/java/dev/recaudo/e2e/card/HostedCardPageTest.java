package dev.recaudo.e2e.card;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.recaudo.application.card.CardSessionEventsService;
import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.RecordingCardRail;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hosted page of a live checkout paying through a card rail's session (the rail is a test double). */
@QuarkusTest
class HostedCardPageTest {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    @Inject
    TestDoubleCardRail rail;

    @Inject
    CardCredentialsBook credentials;

    @Inject
    Transactions transactions;

    @Inject
    CardRails rails;

    @Inject
    CardSessionEventsService events;

    private static Tenants.Key liveKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp live", "permissions", Invoices.READ_WRITE, "source", "erp",
                "environment", "live"));
    }

    private Tenants.Company companyWithRail() {
        Tenants.Company company = Tenants.company();
        transactions.inTransaction(() -> {
            credentials.put(new CompanyId(company.id()), TestDoubleCardRail.NAME,
                    new CardCredentials("sk_live_x", "whsec_x"), Instant.now());
            return company;
        });
        return company;
    }

    private static String pagePath(JsonPath invoice) {
        return URI.create(invoice.getString("payment.payment_link")).getPath();
    }

    private static Response open(String path) {
        return given().redirects().follow(false).header("Accept-Language", "es").get(path);
    }

    private static String csrfOf(Response page) {
        Matcher matcher = CSRF.matcher(page.asString());
        assertThat(matcher.find()).as("the page offers a form").isTrue();
        return matcher.group(1);
    }

    private static Response payByCard(String path, String csrf) {
        return given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("csrf", csrf)
                .post(path + "/card");
    }

    private static String checkoutIdOf(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    @Test
    void givenLiveCheckoutWithRail_whenOpened_thenPayByCardOfferedAndNoSandboxButton() {
        Tenants.Company company = companyWithRail();
        String path = pagePath(Invoices.create(liveKey(company)));
        Response page = open(path);
        assertThat(page.headers().getValues("Content-Security-Policy")).as("one policy, or browsers enforce both")
                .containsExactly(page.header("Content-Security-Policy"));
        page.then().statusCode(200)
                .header("Content-Security-Policy", containsString("form-action 'self' https:"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .body(containsString("id=\"pay-card\">Pagar con tarjeta"))
                .body(not(containsString("id=\"pay\"")))
                .body(not(containsString("id=\"unavailable\"")))
                .body(not(containsString("<script")));
    }

    @Test
    void givenLiveCheckoutWithoutRail_whenOpened_thenOnlinePaymentUnavailable() {
        Tenants.Company company = Tenants.company();
        String path = pagePath(Invoices.create(liveKey(company)));
        open(path).then().statusCode(200)
                .header("Content-Security-Policy", containsString("form-action 'self';"))
                .body(containsString("id=\"unavailable\""))
                .body(not(containsString("pay-card")));
    }

    @Test
    void givenPayPressedTwice_thenBothGoToTheOneSession() {
        Tenants.Company company = companyWithRail();
        String path = pagePath(Invoices.create(liveKey(company)));
        String csrf = csrfOf(open(path));
        String first = payByCard(path, csrf).then().statusCode(303).extract().header("Location");
        assertThat(first).startsWith("https://pay.testcard.example/c/cs_test_");
        payByCard(path, csrf).then().statusCode(303).header("Location", equalTo(first));
        String checkoutId = checkoutIdOf(path);
        assertThat(Sql.count("SELECT count(*) FROM card_sessions WHERE checkout_id = ?::uuid", checkoutId)).isEqualTo(1);
        var request = rail.request(first.substring(first.lastIndexOf('/') + 1));
        assertThat(request.amount()).isEqualTo(Money.of(2000, CurrencyCode.USD));
        assertThat(request.idempotencyKey()).isEqualTo("recaudo-session-" + checkoutId + "-1");
        assertThat(request.successUrl()).endsWith("/pay/" + checkoutId + "?paid=1");
        assertThat(request.cancelUrl()).endsWith("/pay/" + checkoutId);
    }

    @Test
    void givenTwoTabsPressingPayAtOnce_thenOneSession() throws Exception {
        Tenants.Company company = companyWithRail();
        String path = pagePath(Invoices.create(liveKey(company)));
        String csrf = csrfOf(open(path));
        Callable<String> press = () -> payByCard(path, csrf).then().statusCode(303).extract().header("Location");
        List<String> locations = Parallel.run(4, List.of(press, press, press, press));
        assertThat(locations).containsOnly(locations.get(0));
        assertThat(Sql.count("SELECT count(*) FROM card_sessions WHERE checkout_id = ?::uuid", checkoutIdOf(path))).isEqualTo(1);
    }

    @Test
    void givenTheProcessorUnreachable_whenPayByCard_then503PageAndTheNextPressGoesToTheSession() {
        Tenants.Company company = companyWithRail();
        String path = pagePath(Invoices.create(liveKey(company)));
        String csrf = csrfOf(open(path));
        rail.unreachable(true);
        try {
            payByCard(path, csrf).then().statusCode(503).contentType(containsString("text/html"))
                    .header("Referrer-Policy", "no-referrer").body(containsString("Algo salió mal"));
        } finally {
            rail.unreachable(false);
        }
        payByCard(path, csrf).then().statusCode(303).header("Location", containsString("https://pay.testcard.example/c/"));
        assertThat(Sql.count("SELECT count(*) FROM card_sessions WHERE checkout_id = ?::uuid", checkoutIdOf(path))).isEqualTo(1);
    }

    @Test
    void givenForgedToken_whenPayByCard_then403AndNoSession() {
        Tenants.Company company = companyWithRail();
        String path = pagePath(Invoices.create(liveKey(company)));
        payByCard(path, "9999999999.forged").then().statusCode(403).contentType(containsString("text/html"));
        assertThat(Sql.count("SELECT count(*) FROM card_sessions WHERE checkout_id = ?::uuid", checkoutIdOf(path))).isZero();
    }

    @Test
    void givenBackFromTheProcessor_whenTheEventArrives_thenProcessingThenPaidOnceWithTheChargeReference() {
        Tenants.Company company = companyWithRail();
        Tenants.Key key = liveKey(company);
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String sessionId = sessionOpenedFrom(path);
        open(path + "?paid=1").then().statusCode(200).body(containsString("Procesando el pago"))
                .body(containsString("id=\"refresh\"")).body(not(containsString("pay-card")));

        rail.payerPays(sessionId);
        CompanyId companyId = new CompanyId(company.id());
        ProcessorEvent.SessionCompleted completed = completedEvent(company, path, sessionId);
        events.completed(companyId, rails.of(companyId).orElseThrow(), completed);
        events.completed(companyId, rails.of(companyId).orElseThrow(), completed); // a duplicate: nothing more

        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("PAID"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ? AND provider_payment_id = ?", company.id(),
                "pi_" + sessionId)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'", company.id()))
                .isEqualTo(1);
        open(path + "?paid=1").then().statusCode(200).body(containsString("Pagado")).body(not(containsString("Procesando")));
    }

    @Test
    void givenAnInvoicePaidByCard_whenItsDisputeIsLost_thenItsAmountIsReturnedOnceAndTheInvoiceOwesAgain() throws Exception {
        Tenants.Company company = companyWithRail();
        Tenants.Key key = liveKey(company);
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String sessionId = sessionOpenedFrom(path);
        rail.payerPays(sessionId);
        CompanyId companyId = new CompanyId(company.id());
        events.completed(companyId, rails.of(companyId).orElseThrow(), completedEvent(company, path, sessionId));
        String checkoutId = checkoutIdOf(path);
        transactions.inTransaction(() -> {
            credentials.put(companyId, "stripe", new CardCredentials("sk_live_events", "whsec_events"), Instant.now());
            return companyId;
        });
        String dispute = "{\"id\":\"evt_lost_" + sessionId + "\",\"type\":\"dispute.lost\",\"reference\":\"pi_" + sessionId
                + "\",\"amountMinor\":2000,\"currency\":\"USD\"}";

        for (int post = 0; post < 2; post++) {
            given().header("Stripe-Signature", RecordingCardRail.sign(dispute, "whsec_events")).contentType(ContentType.JSON)
                    .body(dispute).post("/webhooks/processors/stripe/{companyId}", company.id())
                    .then().statusCode(200);
        }
        String again = dispute.replace("evt_lost_", "evt_lost_again_");
        given().header("Stripe-Signature", RecordingCardRail.sign(again, "whsec_events")).contentType(ContentType.JSON)
                .body(again).post("/webhooks/processors/stripe/{companyId}", company.id()).then().statusCode(200);

        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE company_id = ? AND external_payment_id IS NULL"
                + " AND amount_minor = 2000 AND kind = 'chargeback'", company.id())).isEqualTo(1);
        JsonPath reopened = Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("CREATED"))
                .extract().jsonPath();
        assertThat(Invoices.balanceMinor(invoice.getString("id"))).isEqualTo(2000);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.refunded'",
                company.id())).isEqualTo(1);
        assertThat(checkoutIdOf(pagePath(reopened))).isNotEqualTo(checkoutId);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    /** Presses Pay by card on the page: the id of the session its {@code 303} leads to. */
    private String sessionOpenedFrom(String path) {
        String location = payByCard(path, csrfOf(open(path))).then().statusCode(303).extract().header("Location");
        return location.substring(location.lastIndexOf('/') + 1);
    }

    /** The processor's completion of the page's session: 20.00 USD paid, charge {@code pi_<session>}. */
    private static ProcessorEvent.SessionCompleted completedEvent(Tenants.Company company, String path, String sessionId) {
        return new ProcessorEvent.SessionCompleted("evt_1", sessionId, true, Optional.of("pi_" + sessionId),
                Money.of(2000, CurrencyCode.USD), new ProcessorEvent.Tags(Optional.of(company.id().toString()), Optional.empty(),
                        Optional.of(UUID.fromString(checkoutIdOf(path)))));
    }
}
