package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.sql.Connection;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A payer whose bank cannot carry the reference (Pago Móvil) reports the transfer on the page: the
 * report is a claim (stored, shown as received, paying nothing), and the statement line that bears it
 * out pays the invoice to CONCILIATED through the matching path; a line that only partly does is a
 * proposal whose reason is the report.
 */
@QuarkusTest
class PayerReportTest {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    private record World(Tenants.Company company, Tenants.Key live, String invoiceId, String path, String accountId) {
        String checkoutId() {
            return path.substring(path.lastIndexOf('/') + 1);
        }
    }

    private static World world() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        var invoice = Invoices.create(live);
        Map<String, Object> account = ReceivingAccountsTest.account();
        String accountId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(account)
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201).extract().path("id");
        return new World(company, live, invoice.getString("id"), URI.create(invoice.getString("payment.payment_link")).getPath(),
                accountId);
    }

    private static String csrf(String html) {
        Matcher matcher = CSRF.matcher(html);
        assertThat(matcher.find()).as("a csrf token in the page").isTrue();
        return matcher.group(1);
    }

    private static String today() {
        return LocalDate.now(ZoneOffset.UTC).toString();
    }

    private static Response report(World world, String csrf, String reference, String date, String amount) {
        return given().redirects().follow(false).header("Accept-Language", "es").contentType("application/x-www-form-urlencoded")
                .formParam("csrf", csrf).formParam("bank", "Banco de Venezuela").formParam("phone", "0414-1234567")
                .formParam("reference", reference).formParam("date", date).formParam("amount", amount)
                .post(world.path() + "/report");
    }

    private static Response csv(World world, String body, String statementId) {
        return given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", world.accountId())
                .contentType("text/csv").body(body).post("/companies/{id}/bank-statements?statementId=" + statementId,
                        world.company().id());
    }

    private static long reports(World world, String status) {
        return Sql.count("SELECT count(*) FROM payer_reports WHERE checkout_id = ?::uuid AND status = ?", world.checkoutId(), status);
    }

    @Test
    void givenAReportedPagoMovil_whenTheStatementShowsIt_thenTheInvoiceIsConciliatedAndTheReportAlonePaidNothing() throws Exception {
        World world = world();
        String page = TransferPageTest.page(world.path(), "es");
        assertThat(page).contains("id=\"report-form\"", "value=\"20.00\"", "name=\"reference\"").doesNotContain("id=\"reports\"");
        report(world, csrf(page), "0045-1234-5678", today(), "20.00").then().statusCode(303)
                .header("Location", equalTo("../" + world.checkoutId() + "#reports"));
        assertThat(reports(world, "OPEN")).isEqualTo(1);
        assertThat(Sql.text("SELECT phone || ' ' || bank_reference || ' ' || amount_minor || ' ' || currency FROM payer_reports"
                + " WHERE checkout_id = ?::uuid", world.checkoutId())).isEqualTo("04141234567 004512345678 2000 USD");
        assertThat(TransferPageTest.page(world.path(), "es")).contains("id=\"reports\"",
                "Recibimos tu reporte; lo confirmamos cuando el banco muestre el pago.", "004512345678");
        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CREATED"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", world.company().id()))
                .as("a claim alone pays nothing").isZero();

        csv(world, "date,amount,currency,reference,bank_reference,payer_id\n" + today() + ",20.00,USD,PAGO MOVIL,"
                + "004512345678,V-12345678\n", "pm-1").then().statusCode(201).body("matched", equalTo(1));
        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(reports(world, "MATCHED")).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?",
                "%" + world.invoiceId() + "%")).isEqualTo(1);
        given().get(world.path()).then().statusCode(200).body(containsString("id=\"state\""))
                .body(org.hamcrest.Matchers.not(containsString("id=\"report-form\"")));
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenAStatementLineThatOnlyPartlyBearsOutTheReport_thenAProposalWhoseReasonIsTheReport() {
        World world = world();
        report(world, csrf(TransferPageTest.page(world.path(), "es")), "98765432", today(), "20.00").then().statusCode(303);
        csv(world, "date,amount,currency,reference,bank_reference\n" + today() + ",19.00,USD,PM,98765432\n", "pm-2")
                .then().statusCode(201).body("matched", equalTo(0)).body("proposed", equalTo(1));
        given().auth().oauth2(world.company().adminToken()).get("/companies/{id}/reconciliation-proposals", world.company().id())
                .then().statusCode(200).body("size()", equalTo(1))
                .body("[0].reason", containsString("the payer reported a transfer"))
                .body("[0].reason", containsString("amount differ"));
        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CREATED"));
        assertThat(reports(world, "OPEN")).isEqualTo(1);
    }

    @Test
    void givenAForgedOrMissingToken_badFields_orTooManyReports_thenRefusedPagesAndNothingBeyondTheLimitStored() {
        World world = world();
        String csrf = csrf(TransferPageTest.page(world.path(), "es"));
        report(world, "1.forged", "12345678", today(), "20.00").then().statusCode(403).contentType(containsString("text/html"));
        given().contentType("application/x-www-form-urlencoded").formParam("reference", "12345678")
                .post(world.path() + "/report").then().statusCode(403);
        report(world, csrf, "12", today(), "20.00").then().statusCode(400).contentType(containsString("text/html"))
                .body(containsString("Referencia del banco"));
        report(world, csrf, "12345678", LocalDate.now(ZoneOffset.UTC).plusDays(2).toString(), "20.00").then().statusCode(400)
                .body(containsString("Fecha del pago"));
        report(world, csrf, "12345678", LocalDate.now(ZoneOffset.UTC).minusDays(31).toString(), "20.00").then().statusCode(400)
                .body(containsString("Fecha del pago"));
        report(world, csrf, "12345678", today(), "20,00").then().statusCode(400).body(containsString("Monto pagado"));
        report(world, csrf, "R".repeat(31), today(), "20.00").then().statusCode(400).body(containsString("Referencia del banco"));
        report(world, csrf, "R".repeat(5000), today(), "20.00").then().statusCode(413); // the page's small body limit
        assertThat(reports(world, "OPEN")).isZero();
        report(world, csrf, "11111111", today(), "20.00").then().statusCode(303);
        report(world, csrf, "1111-1111", today(), "20.00").then().statusCode(409);
        report(world, csrf, "22222222", today(), "20.00").then().statusCode(303);
        report(world, csrf, "33333333", today(), "20.00").then().statusCode(303);
        report(world, csrf, "44444444", today(), "20.00").then().statusCode(409).body(containsString("reportes abiertos"));
        assertThat(reports(world, "OPEN")).isEqualTo(3);
        report(world, csrf, "55555555", today(), "20.00").then().statusCode(429).header("Retry-After", org.hamcrest.Matchers.notNullValue());
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("csrf", csrf)
                .post("/pay/not-a-uuid/report").then().statusCode(404);
    }

    @Test
    void givenATestInvoice_whenAReportIsPosted_thenNotFoundAndNothingStored() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(ReceivingAccountsTest.account())
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        String path = URI.create(Invoices.create(Invoices.testKey(company)).getString("payment.payment_link")).getPath();
        String csrf = csrf(TransferPageTest.page(path, "es"));
        World world = new World(company, null, null, path, null);
        report(world, csrf, "12345678", today(), "20.00").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM payer_reports WHERE company_id = ?", company.id())).isZero();
    }
}
