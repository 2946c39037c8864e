package dev.recaudo.e2e.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.BrowserTest;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.HeadlessChromium;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;

/**
 * The hosted checkout page in a real browser: Debian's Chromium, headless, driven through Debian's
 * chromedriver so that nothing is downloaded or contacted. Without a browser the test is skipped
 * locally and fails in CI ({@code CI=true}).
 */
@QuarkusTest
@Tag("browser")
class HostedCheckoutBrowserTest extends BrowserTest {

    @TestHTTPResource("/")
    URL base;


    @Test
    void givenTestInvoice_whenThePayerPaysOnItsPage_thenThePageShowsPaidAndTheInvoiceIsPaid() throws IOException {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.testKey(company);
        Map<String, Object> body = new HashMap<>(Invoices.body());
        body.put("amount", 150.75);
        body.put("due_date", "2030-05-17");
        body.put("description", "Servicio de internet, mayo");
        JsonPath invoice = Invoices.create(key, body);
        String page = base.toString().replaceAll("/$", "") + URI.create(invoice.getString("payment.payment_link")).getPath();

        driver.get(page);
        assertThat(driver.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("es-419");
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Factura 0001");
        assertThat(driver.findElement(By.id("amount")).getText()).contains("150.75");
        assertThat(driver.findElement(By.id("due-date")).getText()).isEqualTo("17 de mayo de 2030");
        assertThat(driver.findElement(By.id("state")).getText()).isEqualTo("Pendiente de pago");
        browser.assertAccessible();
        browser.screenshot("checkout-page.png");
        driver.manage().window().setSize(new Dimension(360, 740));
        assertThat(driver.findElement(By.id("pay")).getSize().getWidth()).isLessThanOrEqualTo(360);
        browser.assertAccessible();
        browser.screenshot("checkout-page-phone.png");

        WebElement pending = driver.findElement(By.id("state"));
        driver.findElement(By.id("pay")).click();
        // The form posts and is redirected back; on a busy machine the click returns before the new page is there.
        HeadlessChromium.awaitGone(driver, pending);
        HeadlessChromium.awaitText(driver, By.id("state"), "Pagado"::equals);
        assertThat(driver.getCurrentUrl()).isEqualTo(page);
        assertThat(driver.findElements(By.id("pay"))).isEmpty();
        browser.assertAccessible();
        browser.screenshot("checkout-page-paid.png");
        Invoices.get(key, invoice.getString("id")).then().statusCode(200).body("status", equalTo("PAID"));
    }

    /**
     * Issue 22: an invoice with a pending hosted payment, paid from the invoice's own link, then the
     * same form posted again from a second tab. The hosted payment completes once, its callback
     * arrives, and {@code invoice.paid} carries {@code APPROVED} with the payment's id.
     */
    @Test
    void givenPendingHostedPayment_whenPaidFromTheInvoicesLinkThenPostedAgain_thenTheHostedPaymentCompletesOnce()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "erp test", "source", "erp", "environment", "test",
                "permissions", List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read")));
        JsonPath invoice = Invoices.create(key);
        try (Receiver receiver = new Receiver(n -> 204)) {
            JsonPath hosted = ExternalPayments.hosted(key, Map.of("amountMinor", 2000, "currency", "USD",
                    "invoiceId", invoice.getString("id"), "description", "Plan anual", "callbackUrl", receiver.url()));
            String page = base.toString().replaceAll("/$", "") + URI.create(invoice.getString("payment.payment_link")).getPath();

            driver.get(page);
            assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Plan anual");
            assertThat(driver.findElement(By.id("state")).getText()).isEqualTo("Pendiente de pago");
            // A second tab holds the same form, as a payer who opened the link twice would.
            String firstTab = driver.getWindowHandle();
            driver.switchTo().newWindow(WindowType.TAB).get(page);
            String secondTab = driver.getWindowHandle();

            driver.switchTo().window(firstTab);
            WebElement pending = driver.findElement(By.id("state"));
            driver.findElement(By.id("pay")).click();
            HeadlessChromium.awaitGone(driver, pending);
            HeadlessChromium.awaitText(driver, By.id("state"), "Pagado"::equals);

            driver.switchTo().window(secondTab);
            WebElement stale = driver.findElement(By.id("state"));
            driver.findElement(By.id("pay")).click();
            HeadlessChromium.awaitGone(driver, stale);
            HeadlessChromium.awaitText(driver, By.id("state"), "Pagado"::equals);
            assertThat(driver.getCurrentUrl()).isEqualTo(page);
            browser.screenshot("checkout-page-shared-paid.png");

            ExternalPayments.get(key, hosted.getString("id")).then().body("status", equalTo("completed"));
            assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isEqualTo(1);
            JsonPath paid = JsonPath.from(Sql.text("SELECT body FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid'",
                    company.id()));
            assertThat(paid.getString("invoice.payment.status")).isEqualTo("APPROVED");
            assertThat(paid.getString("invoice.payment.provider_id")).isEqualTo("external:" + hosted.getString("id"));
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            assertThat(new JsonPath(receiver.received().get(0).body()).getString("payload.id")).isEqualTo(hosted.getString("id"));
            assertThat(receiver.received()).hasSize(1);
        }
    }
}
