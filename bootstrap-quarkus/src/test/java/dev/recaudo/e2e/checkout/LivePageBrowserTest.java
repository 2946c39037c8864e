package dev.recaudo.e2e.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.selenium.AxeBuilder;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.e2e.card.TestDoubleCardRail;
import dev.recaudo.e2e.support.HeadlessChromium;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live page of issue 23 in Chromium, at desktop width and at 360 px, with axe finding no
 * violation at all: Pay by card leads to the processor's session, the transfer section shows the
 * account, the exact amount and the reference (selectable), the payer's report is posted and shown
 * as received, and {@code ?paid=1} shows the processing state. Set up like
 * {@link HostedCheckoutBrowserTest} (Debian's chromium and chromedriver; skipped without them unless CI).
 */
@QuarkusTest
@Tag("browser")
class LivePageBrowserTest {

    @TestHTTPResource("/")
    URL base;

    @Inject
    CardCredentialsBook credentials;

    @Inject
    Transactions transactions;

    private HeadlessChromium browser;
    private WebDriver driver;

    @BeforeEach
    void startBrowser() throws IOException {
        // The processor's page of the test double's sessions resolves nowhere: the browser's attempt to open it is what counts.
        browser = HeadlessChromium.start("--host-resolver-rules=MAP pay.testcard.example 127.0.0.1");
        driver = browser.driver();
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (browser != null) {
            browser.close();
        }
    }

    private static void assertAxeClean(Results results, String where) {
        List<String> violations = results.getViolations().stream().map(rule -> rule.getId() + " (" + rule.getImpact() + ")")
                .toList();
        assertThat(violations).as("accessibility violations on " + where).isEmpty();
    }

    /** A live invoice of a company with a card rail and a receiving account in its currency: both rails on the page. */
    private String livePage() {
        Tenants.Company company = Tenants.company();
        transactions.inTransaction(() -> {
            credentials.put(new CompanyId(company.id()), TestDoubleCardRail.NAME, new CardCredentials("sk_test_x", "whsec_x"),
                    Instant.now());
            return company;
        });
        RestAssured.given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("bank", "Banco Nacional",
                "accountNumber", "0102-0000-11-2233445566", "holder", "Ferreteria Acme C.A.", "currency", "USD"))
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        String link = Invoices.create(Invoices.liveKey(company)).getString("payment.payment_link");
        return base.toString().replaceAll("/$", "") + URI.create(link).getPath();
    }

    private Object script(String code, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(code, arguments);
    }

    private void assertBothRailsShown(String where) {
        assertThat(driver.findElement(By.id("pay-card")).isDisplayed()).isTrue();
        WebElement reference = driver.findElement(By.id("transfer-reference"));
        assertThat(reference.isDisplayed()).isTrue();
        assertThat(reference.getText()).matches("RC[0-9]{11}");
        assertThat(driver.findElement(By.id("transfer-amount")).getText()).contains("20.00");
        assertThat(driver.findElement(By.cssSelector(".transfer-account")).getText())
                .contains("Banco Nacional", "0102-0000-11-2233445566", "Ferreteria Acme C.A.");
        // Selectable: the payer copies the reference as it is.
        Object selected = script("const range = document.createRange(); range.selectNodeContents(arguments[0]);"
                + " const s = window.getSelection(); s.removeAllRanges(); s.addRange(range); return s.toString();", reference);
        assertThat(selected).isEqualTo(reference.getText());
        assertThat(script("return getComputedStyle(arguments[0]).userSelect;", reference)).isNotEqualTo("none");
        assertThat(((Number) script("return document.documentElement.scrollWidth;")).intValue())
                .as("no horizontal scrolling on " + where).isLessThanOrEqualTo(((Number) script("return window.innerWidth;")).intValue());
        assertAxeClean(new AxeBuilder().analyze(driver), where);
    }

    @Test
    void givenALivePageWithBothRails_atDesktopAndPhoneWidths_thenAxeCleanAndPayByCardGoesToTheSession() {
        String page = livePage();
        driver.get(page);
        assertBothRailsShown("desktop");
        driver.manage().window().setSize(new Dimension(360, 740));
        driver.navigate().refresh();
        assertBothRailsShown("360 px");

        driver.findElement(By.id("pay-card")).click();
        new WebDriverWait(driver, Duration.ofSeconds(15))
                .until(ExpectedConditions.urlMatches("^https://pay\\.testcard\\.example/c/cs_test_"));
        String checkoutId = page.substring(page.lastIndexOf('/') + 1);
        assertThat(Sql.count("SELECT count(*) FROM card_sessions WHERE checkout_id = ?::uuid", checkoutId)).isEqualTo(1);

        // Back from the processor before its completion arrived.
        driver.get(page + "?paid=1");
        assertThat(driver.findElement(By.id("processing")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("state")).getText()).isNotEqualTo("Pendiente de pago");
        assertThat(driver.findElements(By.id("pay-card"))).isEmpty();
        assertAxeClean(new AxeBuilder().analyze(driver), "processing, 360 px");
        driver.manage().window().setSize(new Dimension(1280, 900));
        assertAxeClean(new AxeBuilder().analyze(driver), "processing, desktop");
    }

    @Test
    void givenALivePage_whenThePayerReportsAPagoMovil_thenTheReportIsShownAsReceivedAndAxeClean() {
        String page = livePage();
        for (Dimension size : List.of(new Dimension(1280, 900), new Dimension(360, 740))) {
            driver.manage().window().setSize(size);
            driver.get(page);
            String reference = size.getWidth() == 360 ? "0045-2222-9999" : "0045-1111-9999";
            assertThat(driver.findElement(By.id("report-amount")).getAttribute("value")).isEqualTo("20.00");
            assertThat(driver.findElement(By.id("report-date")).getAttribute("value")).isNotBlank();
            driver.findElement(By.id("report-bank")).sendKeys("Banco de Venezuela");
            driver.findElement(By.id("report-phone")).sendKeys("0414-1234567");
            driver.findElement(By.id("report-reference")).sendKeys(reference);
            WebElement before = driver.findElement(By.id("state"));
            driver.findElement(By.id("report-submit")).click();
            HeadlessChromium.awaitGone(driver, before);
            assertThat(HeadlessChromium.awaitText(driver, By.id("reports"), text -> text.contains("Recibimos tu reporte")))
                    .contains(reference.replace("-", ""));
            assertThat(driver.getCurrentUrl()).startsWith(page);
            assertThat(driver.findElement(By.id("state")).getText()).isEqualTo("Pendiente de pago");
            assertThat(((Number) script("return document.documentElement.scrollWidth;")).intValue())
                    .isLessThanOrEqualTo(((Number) script("return window.innerWidth;")).intValue());
            assertAxeClean(new AxeBuilder().analyze(driver), "reported, " + size.getWidth() + " px");
        }
        String checkoutId = page.substring(page.lastIndexOf('/') + 1);
        assertThat(Sql.count("SELECT count(*) FROM payer_reports WHERE checkout_id = ?::uuid AND status = 'OPEN'", checkoutId))
                .isEqualTo(2);
    }
}
