package dev.recaudo.e2e.checkout;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.net.URI;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, items 2 and 3 over HTTP: an invoice and its hosted external payment share one payable
 * page, a payment on it pays once through the hosted payment, and a document paid another way
 * closes its hosted payment; money that still arrives for it is the customer's credit, announced.
 */
@QuarkusTest
class OnePayablePageTest {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    private static Tenants.Key testKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp test", "permissions", INVOICES_AND_PAYMENTS, "source", "erp",
                "environment", "test"));
    }

    private static String path(String url) {
        return URI.create(url).getPath();
    }

    private static Response open(String path) {
        return given().redirects().follow(false).header("Accept-Language", "es").get(path);
    }

    private static String csrfOf(Response page) {
        Matcher matcher = CSRF.matcher(page.asString());
        assertThat(matcher.find()).as("the page offers the Pay form").isTrue();
        return matcher.group(1);
    }

    private static Response pay(String path, String csrf) {
        return given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("csrf", csrf).post(path);
    }

    /** A hosted payment of the invoice's whole balance (20.00 USD), described so that its page can be told apart. */
    private static JsonPath hostedFor(Tenants.Key key, String invoiceId, Map<String, String> more) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("amountMinor", 2000, "currency", "USD",
                "invoiceId", invoiceId, "description", "Plan anual"));
        body.putAll(more);
        return ExternalPayments.hosted(key, body);
    }

    private static JsonPath event(Tenants.Company company, String type) {
        return JsonPath.from(Sql.text("SELECT body FROM outbox_events WHERE company_id = ? AND type = ?", company.id(), type));
    }

    @Test
    void givenHostedPaymentForAnInvoice_whenTheInvoiceIsRead_thenItsPaymentBlockIsPendingAndItsLinkOpensThePayablePage() {
        Tenants.Key key = testKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        String invoiceId = invoice.getString("id");
        hostedFor(key, invoiceId, Map.of());

        Invoices.get(key, invoiceId).then().statusCode(200)
                .body("payment.status", equalTo("PENDING"))
                .body("payment.id", equalTo(invoice.getString("payment.id")))
                .body("payment.payment_link", equalTo(invoice.getString("payment.payment_link")));
        Response page = open(path(invoice.getString("payment.payment_link")));
        page.then().statusCode(200).body(containsString("Plan anual")).body(containsString("Pendiente de pago"));
        csrfOf(page);
    }

    @Test
    void givenHostedPaymentPending_whenPaidTwiceFromTheInvoicesLink_thenTheHostedPaymentCompletesOnceWithItsCallback()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        JsonPath invoice = Invoices.create(key);
        String invoiceId = invoice.getString("id");
        try (Receiver receiver = new Receiver(n -> 204)) {
            JsonPath hosted = hostedFor(key, invoiceId, Map.of("callbackUrl", receiver.url()));
            String link = path(invoice.getString("payment.payment_link"));
            String csrf = csrfOf(open(link));

            pay(link, csrf).then().statusCode(303);
            pay(link, csrf).then().statusCode(303);

            ExternalPayments.get(key, hosted.getString("id")).then().body("status", equalTo("completed"));
            open(link).then().statusCode(200).body(containsString("Pagado")).body(not(containsString("name=\"csrf\"")));
            open(path(hosted.getString("checkoutUrl"))).then().statusCode(200).body(containsString("Pagado"));
            assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
            assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'",
                    company.id())).isEqualTo(1);
            JsonPath paid = event(company, "invoice.paid");
            assertThat(paid.getString("invoice.status")).isEqualTo("PAID");
            assertThat(paid.getString("invoice.payment.status")).isEqualTo("APPROVED");
            assertThat(paid.getString("invoice.payment.provider_id")).isEqualTo("external:" + hosted.getString("id"));
            Invoices.get(key, invoiceId).then().body("payment.status", equalTo("APPROVED"));

            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            JsonPath callback = new JsonPath(receiver.received().get(0).body());
            assertThat(callback.getString("payload.id")).isEqualTo(hosted.getString("id"));
            assertThat(callback.getString("payload.invoiceId")).isEqualTo(invoiceId);
            assertThat(receiver.received()).hasSize(1);
        }
    }

    @Test
    void givenPendingHostedPayment_whenTheInvoiceIsSettledFromTheProvider_thenItIsCanceledItsPageSaysSoAndItTakesNoMoney() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        JsonPath invoice = Invoices.create(key);
        String invoiceId = invoice.getString("id");
        JsonPath hosted = hostedFor(key, invoiceId, Map.of());
        String hostedPage = path(hosted.getString("checkoutUrl"));
        String hostedCsrf = csrfOf(open(hostedPage));

        Invoices.settle(key, invoiceId, "prov-7").then().statusCode(204);

        ExternalPayments.get(key, hosted.getString("id")).then().body("status", equalTo("canceled"));
        open(hostedPage).then().statusCode(200).body(containsString("Cancelado")).body(not(containsString("name=\"csrf\"")));
        open(path(invoice.getString("payment.payment_link"))).then().statusCode(200).body(containsString("Pagado"));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(hosted)).then().statusCode(409);
        pay(hostedPage, hostedCsrf).then().statusCode(303);
        ExternalPayments.get(key, hosted.getString("id")).then().body("status", equalTo("canceled"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
        JsonPath paid = event(company, "invoice.paid");
        assertThat(paid.getString("invoice.payment.status")).isEqualTo("APPROVED");
        assertThat(paid.getString("invoice.payment.provider_id")).isEqualTo("prov-7");
    }

    /**
     * A hosted payment left pending for an invoice that was paid another way before closing a
     * document closed its routes (a row from before this change): its completion pays nothing twice;
     * the money is the customer's credit, in the ledger and in an event the company receives.
     */
    @Test
    void givenPaymentStillPendingForAPaidInvoice_whenCompleted_thenCustomerCreditWithItsEventAndTheInvariantsHold()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = testKey(company);
        String invoiceId = Invoices.create(key).getString("id");
        JsonPath hosted = hostedFor(key, invoiceId, Map.of());
        Invoices.settle(key, invoiceId, "prov-8").then().statusCode(204);
        Sql.execute("UPDATE external_payments SET status = 'pending' WHERE id = ?", UUID.fromString(hosted.getString("id")));
        try (Receiver receiver = new Receiver(n -> 204)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("customer.credit_created"), "environment", "test"))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201);

            String paymentId = ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(hosted))
                    .then().statusCode(200).extract().path("paymentId");

            assertThat(Sql.count("SELECT applied_minor FROM payments WHERE id = ?::uuid", paymentId)).isZero();
            assertThat(Sql.count("SELECT credit_minor FROM payments WHERE id = ?::uuid", paymentId)).isEqualTo(2000);
            String customerId = Sql.text("SELECT customer_id::text FROM payments WHERE id = ?::uuid", paymentId);
            assertThat(LedgerChecks.accountMinor(company.id(), "customer_credit:" + customerId, "USD")).isEqualTo(-2000);
            Invoices.get(key, invoiceId).then().body("status", equalTo("PAID_FROM_PROVIDER"));
            assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'",
                    company.id())).isEqualTo(1);
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            JsonPath credit = new JsonPath(receiver.received().get(0).body());
            assertThat(credit.getString("type")).isEqualTo("customer.credit_created");
            assertThat(credit.getLong("credit.amount_minor")).isEqualTo(2000);
            assertThat(credit.getString("credit.currency")).isEqualTo("USD");
            assertThat(credit.getString("credit.customer_id")).isEqualTo(customerId);
            assertThat(credit.getString("credit.reason")).isEqualTo("document_closed");
            assertThat(credit.getString("credit.invoice_id")).isEqualTo(invoiceId);
            assertThat(credit.getString("credit.payment_id")).isEqualTo(paymentId);
        }
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }
}
