package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.BrowserTest;
import dev.recaudo.e2e.support.HeadlessChromium;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import io.restassured.http.ContentType;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.support.ui.Select;

/**
 * Issue 26: the console in a real browser (Debian's Chromium, as for the hosted page): signing in
 * through the form, the overview with its aging chart and the time zone changed, the documents and
 * one document whose webhook delivery is sent again, the customers and a statement of account
 * downloaded as PDF and CSV, a reconciliation proposal confirmed and its document then paid, the people page with an invitation made, the account page, test
 * data switched on and marked, signing out; no serious or critical accessibility violation on any
 * page, at desktop width and at 360 px.
 */
@QuarkusTest
@Tag("browser")
class ConsoleBrowserTest extends BrowserTest {

    @TestHTTPResource("/console")
    URL console;


    @Test
    void givenTheAdministrator_whenSigningInSwitchingToTestAndSigningOut_thenEachPageShowsItAndIsAccessible() throws IOException, InterruptedException {
        Tenants.Company company = Tenants.company();
        Partner partner = new Partner(company.key("partner", Partner.ALL, "acme-erp"));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        issue(partner, "F-1", 1_250_00, today.plusDays(10));
        issue(partner, "F-2", 480_00, today.minusDays(12));
        issue(partner, "F-3", 2_300_00, today.minusDays(40));
        issue(partner, "F-4", 90_00, today.minusDays(75));
        issue(partner, "F-5", 610_00, today.minusDays(120));
        partner.pay("P-1", "C-F-2", 200_00, "USD", "F-2", 200_00).then().statusCode(200);

        driver.get(console.toString());
        assertThat(driver.getCurrentUrl()).endsWith("/console/sign-in");
        assertThat(driver.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("es-419");
        checkAccessibleAtBothWidths("console-sign-in");

        driver.findElement(By.id("email")).sendKeys(company.adminEmail());
        driver.findElement(By.id("password")).sendKeys("not the password");
        driver.findElement(By.cssSelector("button[type=submit]")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.cssSelector(".problem"), text -> !text.isEmpty()))
                .isEqualTo("Correo o contraseña incorrectos.");
        checkAccessibleAtBothWidths("console-sign-in-refused");

        driver.findElement(By.id("email")).sendKeys(company.adminEmail());
        driver.findElement(By.id("password")).sendKeys(Tenants.PASSWORD);
        driver.findElement(By.cssSelector("button[type=submit]")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("signed-in-as"), company.adminEmail()::equals)).isNotEmpty();
        Cookie session = driver.manage().getCookieNamed("recaudo_console");
        assertThat(session.isHttpOnly()).isTrue();
        assertThat(session.getSameSite()).isEqualTo("Strict");
        assertThat(session.getPath()).isEqualTo("/console");
        assertThat(driver.findElements(By.cssSelector("svg.chart rect"))).hasSize(5);
        assertThat(driver.findElement(By.cssSelector(".open[data-currency=USD]")).getText()).isEqualTo("US$4,530.00");
        checkAccessibleAtBothWidths("console-overview");

        new Select(driver.findElement(By.id("zone"))).selectByValue("America/Bogota");
        driver.findElement(By.xpath("//button[text()='Cambiar la zona horaria']")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("time-zone"), "America/Bogota"::equals)).isNotEmpty();

        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201);
            Invoices.create(Invoices.liveKey(company));
            Receiver.await(() -> receiver.received().size() == 1, Duration.ofSeconds(20));
            driver.findElement(By.linkText("Documentos")).click();
            assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Documentos"::equals)).isNotEmpty();
            assertThat(driver.findElements(By.cssSelector("table.documents tbody tr"))).hasSize(6);
            checkAccessibleAtBothWidths("console-documents");
            driver.findElement(By.linkText("Factura 0001")).click();
            assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Documento Factura 0001"::equals)).isNotEmpty();
            HeadlessChromium.awaitText(driver, By.cssSelector("td.delivery-status"), "succeeded"::equals);
            checkAccessibleAtBothWidths("console-document");
            driver.findElement(By.xpath("//button[text()='Reenviar']")).click();
            Receiver.await(() -> receiver.received().size() == 2, Duration.ofSeconds(20));
            assertThat(receiver.received().get(1).header("Webhook-id")).isEqualTo(receiver.received().get(0).header("Webhook-id"));
        }

        driver.findElement(By.linkText("Pagos")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Pagos"::equals)).isNotEmpty();
        assertThat(driver.findElements(By.cssSelector("table.payments tbody tr"))).hasSize(1);
        checkAccessibleAtBothWidths("console-payments");

        driver.findElement(By.linkText("Clientes")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Clientes"::equals)).isNotEmpty();
        checkAccessibleAtBothWidths("console-customers");
        driver.findElement(By.cssSelector("tr:has(td a[href*='customer=']) a[href$='/statement']")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), text -> text.startsWith("Estado de cuenta"))).isNotEmpty();
        assertThat(driver.findElement(By.cssSelector("tr.closing td.balance")).getText()).startsWith("US$");
        checkAccessibleAtBothWidths("console-statement");
        driver.findElement(By.id("download-pdf")).click();
        Path pdf = browser.awaitDownload(".pdf");
        try (PDDocument statement = Loader.loadPDF(Files.readAllBytes(pdf))) {
            assertThat(new PDFTextStripper().getText(statement)).contains("Estado de cuenta").contains("Saldo final");
        }
        driver.findElement(By.id("download-csv")).click();
        assertThat(Files.readString(browser.awaitDownload(".csv"))).startsWith("currency,entry_id,booked_at");

        // A statement credit proposed for a pending invoice's checkout, confirmed in the inbox: the document is paid.
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("bank", "Banco Nacional",
                "accountNumber", "0102-0000-11-2233445566", "holder", "Ferreteria Acme C.A.", "currency", "USD"))
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        Map<String, Object> invoice = Invoices.body();
        invoice.put("name", "Factura 0002");
        invoice.put("amount", 37.5);
        String paidLater = Invoices.create(Invoices.liveKey(company), invoice).getString("id");
        given().auth().oauth2(company.adminToken()).contentType("text/csv")
                .header("X-Receiving-Account", Sql.text("SELECT id::text FROM receiving_accounts WHERE company_id = ?", company.id()))
                .body("date,amount,currency,reference,bank_reference\n2026-11-27,37.50,USD,,BNK-77\n")
                .post("/companies/{id}/bank-statements?statementId=browser-1", company.id()).then().statusCode(201);
        driver.findElement(By.linkText("Conciliación bancaria")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Conciliación bancaria"::equals)).isNotEmpty();
        checkAccessibleAtBothWidths("console-reconciliation");
        driver.findElement(By.cssSelector("a[href$='" + paidLater + "']")).isDisplayed();
        driver.findElement(By.cssSelector("button.confirm")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("no-proposals"), text -> !text.isEmpty())).isNotEmpty();
        driver.get(console + "/documents/" + paidLater);
        assertThat(HeadlessChromium.awaitText(driver, By.id("status"), "Conciliado"::equals)).isNotEmpty();

        driver.findElement(By.linkText("Exportaciones")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Exportaciones"::equals)).isNotEmpty();
        checkAccessibleAtBothWidths("console-exports");
        driver.findElement(By.linkText("WhatsApp")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "WhatsApp"::equals)).isNotEmpty();
        checkAccessibleAtBothWidths("console-whatsapp");
        driver.findElement(By.linkText("Claves de API")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Claves de API"::equals)).isNotEmpty();
        driver.findElement(By.id("key-name")).sendKeys("ERP");
        driver.findElement(By.id("create-key")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("new-key"), key -> key.startsWith("rk_live_"))).isNotEmpty();
        checkAccessibleAtBothWidths("console-keys");
        driver.findElement(By.linkText("Webhooks")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Webhooks"::equals)).isNotEmpty();
        driver.findElement(By.cssSelector("table.endpoints a")).click();
        HeadlessChromium.awaitText(driver, By.id("delivery-log"), text -> !text.isEmpty());
        checkAccessibleAtBothWidths("console-webhooks");
        driver.findElement(By.linkText("Auditoría")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Auditoría"::equals)).isNotEmpty();
        assertThat(driver.findElements(By.cssSelector("table.audit tbody tr"))).isNotEmpty();
        checkAccessibleAtBothWidths("console-audit");

        driver.findElement(By.linkText("Personas")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Personas"::equals)).isNotEmpty();
        driver.findElement(By.id("invite-email")).sendKeys("ines@example.test");
        driver.findElement(By.xpath("//button[text()='Invitar']")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("invitation-link"), link -> link.contains("/console/invitation?token=")))
                .isNotEmpty();
        assertThat(driver.findElement(By.tagName("body")).getText()).contains("ines@example.test");
        checkAccessibleAtBothWidths("console-people");
        driver.findElement(By.linkText("Resumen")).click();
        HeadlessChromium.awaitText(driver, By.id("signed-in-as"), company.adminEmail()::equals);
        driver.findElement(By.linkText("Cuenta")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Cuenta"::equals)).isNotEmpty();
        checkAccessibleAtBothWidths("console-account");
        driver.findElement(By.linkText("Resumen")).click();
        HeadlessChromium.awaitText(driver, By.id("signed-in-as"), company.adminEmail()::equals);

        driver.findElement(By.xpath("//button[contains(., 'Pruebas')]")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.id("environment"), "Pruebas"::equals)).isNotEmpty();
        assertThat(driver.findElement(By.cssSelector(".test-note")).getText()).contains("datos de prueba");
        checkAccessibleAtBothWidths("console-home-test");

        driver.findElement(By.id("sign-out")).click();
        assertThat(HeadlessChromium.awaitText(driver, By.tagName("h1"), "Iniciar sesión"::equals)).isNotEmpty();
        assertThat(driver.manage().getCookieNamed("recaudo_console")).isNull();
        driver.get(console.toString());
        assertThat(driver.getCurrentUrl()).endsWith("/console/sign-in");
    }

    private static void issue(Partner partner, String id, long amountMinor, LocalDate due) {
        partner.post("/collection-documents/upsert", Partner.document(id, "C-" + id, "USD", amountMinor)
                .replace("\"lines\":", "\"dueDate\":\"" + due + "T12:00:00Z\",\"lines\":")).then().statusCode(201);
    }

    /** axe at 1280 px and at 360 px, with a screenshot of each, the window left at desktop width. */
    private void checkAccessibleAtBothWidths(String name) throws IOException {
        browser.assertAccessible();
        browser.screenshot(name + ".png");
        driver.manage().window().setSize(new Dimension(360, 740));
        browser.assertAccessible();
        browser.screenshot(name + "-phone.png");
        driver.manage().window().setSize(new Dimension(1280, 900));
    }
}
