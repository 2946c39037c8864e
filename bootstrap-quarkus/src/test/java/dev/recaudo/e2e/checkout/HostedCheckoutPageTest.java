package dev.recaudo.e2e.checkout;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hosted checkout page over plain HTTP: content, headers, the sandbox Pay form and its guards. */
@QuarkusTest
class HostedCheckoutPageTest {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    private static Tenants.Key key(Tenants.Company company, String environment) {
        return company.createKey(Map.of("name", "erp " + environment, "permissions", INVOICES_AND_PAYMENTS, "source", "erp",
                "environment", environment));
    }

    /** The path of an invoice's payment_link. */
    private static String pagePath(JsonPath invoice) {
        return URI.create(invoice.getString("payment.payment_link")).getPath();
    }

    private static Response open(String path, String language) {
        return given().redirects().follow(false).header("Accept-Language", language).get(path);
    }

    private static String csrfOf(Response page) {
        Matcher matcher = CSRF.matcher(page.asString());
        assertThat(matcher.find()).as("the page offers the Pay form").isTrue();
        return matcher.group(1);
    }

    /** One payment recorded and one {@code invoice.paid} queued for the company, whatever was clicked. */
    private static void assertPaidOnce(Tenants.Company company) {
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'", company.id()))
                .isEqualTo(1);
    }

    private static Response pay(String path, String csrf) {
        return given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("csrf", csrf).post(path);
    }

    @Test
    void givenTestInvoice_whenOpened_thenItsPageInSpanishWithTheSecurityHeaders() {
        Tenants.Company company = Tenants.company();
        Map<String, Object> body = new HashMap<>(Invoices.body());
        body.put("amount", 1234.5);
        body.put("due_date", "2030-05-17");
        body.put("description", "Servicio de internet, mayo");
        JsonPath invoice = Invoices.create(key(company, "test"), body);
        Response page = open(pagePath(invoice), "es-VE,es;q=0.9");
        page.then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Content-Security-Policy", containsString("form-action 'self'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("X-Frame-Options", "DENY")
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", containsString("no-store"))
                .body(containsString("<html lang=\"es-419\">"))
                .body(containsString("Factura 0001"))
                .body(containsString("Servicio de internet, mayo"))
                .body(containsString("USD1,234.50"))
                .body(containsString("17 de mayo de 2030"))
                .body(containsString("Pendiente de pago"))
                .body(containsString("<button type=\"submit\" id=\"pay\">Pagar"))
                .body(not(containsString("<script")));
        assertThat(page.asString()).contains("Company admin-");
        open(pagePath(invoice), "en-US,en;q=0.8").then().statusCode(200)
                .body(containsString("<html lang=\"en\">"))
                .body(containsString("1,234.50"))
                .body(containsString("Pending payment"));
    }

    @Test
    void givenUnknownOrMalformedId_whenOpened_thenAFriendlyHtml404() {
        for (String path : List.of("/pay/" + UUID.randomUUID(), "/pay/not-a-checkout")) {
            open(path, "es").then().statusCode(404).contentType(containsString("text/html"))
                    .header("Referrer-Policy", "no-referrer")
                    .body(containsString("Cobro no encontrado"));
        }
    }

    @Test
    void givenPayClickedTwice_thenPaidOnceAndThePageShowsPaid() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String csrf = csrfOf(open(path, "es"));
        Response first = pay(path, csrf);
        first.then().statusCode(303).header("Location", containsString(path.substring(path.lastIndexOf('/') + 1)));
        pay(path, csrf).then().statusCode(303);
        open(path, "es").then().statusCode(200).body(containsString("Pagado")).body(not(containsString("name=\"csrf\"")));
        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("PAID"));
        assertPaidOnce(company);
    }

    @Test
    void givenMissingForgedOrOtherCheckoutsToken_whenPosting_then403AndNothingPaid() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        JsonPath other = Invoices.create(key);
        String path = pagePath(invoice);
        String othersToken = csrfOf(open(pagePath(other), "es"));
        String valid = csrfOf(open(path, "es"));
        for (String token : List.of("", "9999999999.forged", othersToken, valid.substring(0, valid.length() - 2) + "AA",
                "1." + valid.substring(valid.indexOf('.') + 1))) {
            pay(path, token).then().statusCode(403).contentType(containsString("text/html"));
        }
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").post(path).then().statusCode(403);
        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("CREATED"));
    }

    @Test
    void givenLiveCheckout_whenOpened_thenOnlinePaymentIsSaidUnavailableAndPostingPaysNothing() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = key(company, "live");
        JsonPath invoice = Invoices.create(live);
        Response page = open(pagePath(invoice), "es");
        page.then().statusCode(200).body(containsString("no está disponible")).body(not(containsString("name=\"csrf\"")));
        Invoices.get(live, invoice.getString("id")).then().body("status", equalTo("CREATED"));
    }

    /**
     * Issue 21, item 6: the page pays as the sandbox control does, so it makes the control's checks:
     * a disabled company's test checkout, opened while the company was enabled, is not paid by its
     * form afterwards (the control answers {@code 403}), and its page offers no Pay button.
     */
    @Test
    void givenCompanyDisabledAfterThePageWasOpened_whenPaying_thenNothingPaidAndThePageOffersNoPayment() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        JsonPath external = ExternalPayments.hosted(key, Map.of("amountMinor", 4550, "currency", "USD"));
        String invoicePath = pagePath(invoice);
        String externalPath = URI.create(external.getString("checkoutUrl")).getPath();
        String invoiceCsrf = csrfOf(open(invoicePath, "es"));
        String externalCsrf = csrfOf(open(externalPath, "es"));

        company.patch(Map.of("enabled", false));

        pay(invoicePath, invoiceCsrf).then().statusCode(303);
        pay(externalPath, externalCsrf).then().statusCode(303);
        for (String path : List.of(invoicePath, externalPath)) {
            open(path, "es").then().statusCode(200).body(containsString("no está disponible"))
                    .body(not(containsString("name=\"csrf\"")));
        }
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isZero();
        assertThat(Sql.text("SELECT status FROM external_payments WHERE id = ?", UUID.fromString(external.getString("id"))))
                .isEqualTo("pending");
        given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/complete",
                ExternalPayments.checkoutId(external)).then().statusCode(403);
    }

    /** The same for a company whose financial configuration was removed: the control answers {@code 503}. */
    @Test
    void givenCompanyWithoutFinancialConfiguration_whenPayingItsTestCheckout_thenNothingPaid() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String csrf = csrfOf(open(path, "es"));

        Map<String, Object> noCurrency = new HashMap<>();
        noCurrency.put("referenceCurrency", null);
        company.patch(noCurrency);

        pay(path, csrf).then().statusCode(303);
        open(path, "es").then().statusCode(200).body(not(containsString("name=\"csrf\"")));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenHostedExternalPayment_whenPaidOnItsPage_thenCompletedAndTheRedirectLinkShown() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath created = ExternalPayments.hosted(key, Map.of("amountMinor", 4550, "currency", "USD",
                "description", "Plan anual", "redirectUrl", "https://shop.example/thanks"));
        String path = URI.create(created.getString("checkoutUrl")).getPath();
        Response page = open(path, "en");
        page.then().statusCode(200).body(containsString("Plan anual")).body(containsString("45.50"))
                .body(not(containsString("shop.example")));
        pay(path, csrfOf(page)).then().statusCode(303);
        open(path, "en").then().statusCode(200).body(containsString("Paid"))
                .body(containsString("href=\"https://shop.example/thanks\""));
        ExternalPayments.get(key, created.getString("id")).then().body("status", equalTo("completed"));
    }

    @Test
    void givenCanceledCheckout_whenOpened_thenCanceledAndNoPayForm() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        Invoices.put(key, invoice.getString("id"), Invoices.replacement(30)).then().statusCode(200);
        open(pagePath(invoice), "es").then().statusCode(200).body(containsString("Cancelado"))
                .body(not(containsString("name=\"csrf\"")));
    }

    @Test
    void givenAnyErrorUnderPay_thenAnHtmlPageInThePayersLanguageWithTheSecurityHeaders() {
        JsonPath invoice = Invoices.create(key(Tenants.company(), "test"));
        String path = pagePath(invoice);
        List<Response> errors = List.of(
                given().header("Accept-Language", "en").put(path),
                given().header("Accept-Language", "en").contentType("text/plain").body("csrf=x").post(path),
                given().header("Accept-Language", "en").get(path + "/receipt"),
                given().header("Accept-Language", "en").get("/pay"),
                given().header("Accept-Language", "en").urlEncodingEnabled(false).get(path + "%01"));
        assertThat(errors).extracting(Response::statusCode).containsExactly(405, 415, 404, 404, 422);
        for (Response error : errors) {
            error.then().contentType(containsString("text/html"))
                    .header("Content-Security-Policy", containsString("default-src 'none'"))
                    .header("X-Frame-Options", "DENY")
                    .header("Referrer-Policy", "no-referrer")
                    .header("Cache-Control", containsString("no-store"))
                    .header("Content-Language", "en")
                    .body(containsString("<html lang=\"en\">"))
                    .body(not(containsString("{\"")));
        }
        errors.get(2).then().body(containsString("Checkout not found"));
        given().header("Accept-Language", "es").put(path).then().statusCode(405)
                .body(containsString("No se pudo atender la solicitud"));
    }

    @Test
    void givenTrailingSlash_whenOpened_thenSentToThePageWhoseFormAndStylesheetResolve() {
        Tenants.Key key = key(Tenants.company(), "test");
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String id = path.substring(path.lastIndexOf('/') + 1);
        Response slashed = open(path + "/", "es");
        slashed.then().statusCode(301).header("Location", equalTo("../" + id)).header("Referrer-Policy", "no-referrer");
        assertThat(URI.create(path + "/").resolve(slashed.header("Location")).getPath()).isEqualTo(path);
        Response page = open(path, "es");
        page.then().statusCode(200).body(containsString("action=\"" + id + "\""))
                .body(containsString("href=\"../pay-assets/checkout.css\""));
        assertThat(URI.create(path).resolve(id).getPath()).isEqualTo(path);
        given().get(URI.create(path).resolve("../pay-assets/checkout.css").getPath()).then().statusCode(200)
                .contentType(containsString("text/css"));
        pay(path + "/", csrfOf(page)).then().statusCode(303).header("Location", equalTo("../" + id));
        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("PAID"));
    }

    @Test
    void givenTwoTabsPayingAtOnce_thenOnePayment() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String first = csrfOf(open(path, "es"));
        String second = csrfOf(open(path, "en"));
        List<Integer> statuses = Parallel.run(4, List.<Callable<Integer>>of(
                () -> pay(path, first).statusCode(), () -> pay(path, second).statusCode(),
                () -> pay(path, first).statusCode(), () -> pay(path, second).statusCode()));
        assertThat(statuses).containsOnly(303);
        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("PAID"));
        assertPaidOnce(company);
    }

    @Test
    void givenCheckoutFailedInTheSandbox_whenOpened_thenDeclinedAndNoPayForm() {
        Tenants.Key key = key(Tenants.company(), "test");
        JsonPath invoice = Invoices.create(key);
        String checkoutId = invoice.getString("payment.id");
        given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/fail", checkoutId).then().statusCode(200);
        open(pagePath(invoice), "en").then().statusCode(200).body(containsString("Payment declined"))
                .body(containsString("state-failed")).body(not(containsString("name=\"csrf\"")));
    }

    @Test
    void givenInvoiceSettledByTheProvider_whenOpenedWithAnOldForm_thenPaidAndTheOldFormPaysNothingMore() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = key(company, "test");
        JsonPath invoice = Invoices.create(key);
        String path = pagePath(invoice);
        String csrf = csrfOf(open(path, "es"));
        Invoices.settle(key, invoice.getString("id"), "prov-1").then().statusCode(204);
        open(path, "es").then().statusCode(200).body(containsString("Pagado")).body(not(containsString("name=\"csrf\"")));
        pay(path, csrf).then().statusCode(303);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
        Invoices.get(key, invoice.getString("id")).then().body("status", equalTo("PAID_FROM_PROVIDER"));
    }
}
