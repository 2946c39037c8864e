package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.OpenBalance;
import dev.recaudo.domain.report.ReceivablesReports;
import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * The console's overview against the ledger: open receivables and their aging as of a moment (a
 * past one never changes), what was collected this month by rail, the webhooks failing, in the
 * company's time zone, which its administrator sets from the console.
 */
@QuarkusTest
class ConsoleOverviewTest {

    private static final ZoneId BOGOTA = ZoneId.of("America/Bogota");

    @Inject
    ReceivablesReports reports;

    @Test
    void agingAndCollectionsAsTheLedgerBookedThemInTheCompanysTimeZone() {
        Partner partner = Partner.create();
        Tenants.Company company = partner.key.company();
        Session session = Session.of(company);
        ConsoleClient.post(session, "/console/company/time-zone", Map.of("timeZone", "America/Bogota"))
                .then().statusCode(303).header("Location", "../../console");
        assertThat(Sql.text("SELECT time_zone FROM companies WHERE id = ?", company.id())).isEqualTo("America/Bogota");

        LocalDate today = LocalDate.now(BOGOTA);
        issue(partner, "A", "USD", 100_00, today.minusDays(45));
        issue(partner, "B", "USD", 50_00, today.plusDays(5));
        issue(partner, "C", "USD", 20_00, null); // due when issued, today
        issue(partner, "D", "VES", 1_000_000_00, today.minusDays(100));
        issue(partner, "E", "USD", 30_00, today.minusDays(10));
        Instant issued = databaseNow();
        partner.pay("P-1", "C-A", 40_00, "USD", "A", 40_00).then().statusCode(200).body("status", equalTo("applied"));
        partner.pay("P-2", "C-E", 30_00, "USD", "E", 30_00).then().statusCode(200).body("status", equalTo("applied"));
        Instant paid = databaseNow();
        TenantScope live = new TenantScope(new CompanyId(company.id()), KeyEnvironment.LIVE);

        // As of the moment before the payments: every document whole, whatever was booked after.
        assertThat(reports.openBalances(live, issued, today, BOGOTA)).containsExactlyInAnyOrder(
                balance(CurrencyCode.USD, 45, 100_00), balance(CurrencyCode.USD, -5, 50_00), balance(CurrencyCode.USD, 0, 20_00),
                balance(CurrencyCode.VES, 100, 1_000_000_00), balance(CurrencyCode.USD, 10, 30_00));
        // Now: A partly paid, E paid and gone.
        assertThat(reports.openBalances(live, paid, today, BOGOTA)).containsExactlyInAnyOrder(
                balance(CurrencyCode.USD, 45, 60_00), balance(CurrencyCode.USD, -5, 50_00), balance(CurrencyCode.USD, 0, 20_00),
                balance(CurrencyCode.VES, 100, 1_000_000_00));
        // The same figures as the ledger's own entries, booked by each moment.
        for (Instant moment : List.of(issued, paid)) {
            for (CurrencyCode currency : List.of(CurrencyCode.USD, CurrencyCode.VES)) {
                assertThat(reports.openBalances(live, moment, today, BOGOTA).stream().filter(b -> b.currency() == currency)
                        .mapToLong(OpenBalance::amountMinor).sum())
                        .isEqualTo(receivablesInLedger(company, currency, moment));
            }
        }
        // Before anything was booked there was nothing; the test environment sees none of it.
        assertThat(reports.openBalances(live, issued.minusSeconds(3600), today, BOGOTA)).isEmpty();
        assertThat(reports.openBalances(new TenantScope(live.companyId(), KeyEnvironment.TEST), paid, today, BOGOTA)).isEmpty();

        String html = english(session, "/console").then().statusCode(200).extract().asString();
        org.jsoup.nodes.Document page = Jsoup.parse(html);
        assertThat(page.select("#time-zone").text()).isEqualTo("America/Bogota");
        assertThat(page.select(".open[data-currency=USD]").text()).isEqualTo("US$130.00");
        assertThat(aging(page, "USD")).containsExactly("US$70.00", "US$0.00", "US$60.00", "US$0.00", "US$0.00");
        assertThat(aging(page, "VES")).containsExactly("Bs. 0.00", "Bs. 0.00", "Bs. 0.00", "Bs. 0.00", "Bs. 1,000,000.00");
        assertThat(page.select("svg.chart rect.bar-31-60").attr("height")).isEqualTo(String.valueOf(160 * 60 / 70));
        assertThat(page.select("svg.chart rect.bar-current").first().attr("height")).isEqualTo("160");
        assertThat(page.select(".collected tr[data-rail=verified][data-currency=USD] td").eachText())
                .containsExactly("Verified by the partner", "USD", "US$70.00", "2");
        assertThat(page.select("#no-failing").text()).isEqualTo("No webhook is failing.");

        // Yesterday, in Bogotá, none of it was booked yet.
        String yesterday = english(session, "/console?day=" + today.minusDays(1)).then().statusCode(200).extract().asString();
        assertThat(Jsoup.parse(yesterday).select("section.currency")).isEmpty();
        assertThat(yesterday).contains("There were no open receivables on this day.").contains("Nothing was collected in this period.");
        english(session, "/console?day=" + today.plusDays(1)).then().statusCode(400).body(containsString("That day has not come yet"));
        english(session, "/console?day=2026-13-01").then().statusCode(400).body(containsString("That date is not valid"));
        english(session, "/console?day=" + "9".repeat(300)).then().statusCode(400);
        english(session, "/console?day=0999-01-01").then().statusCode(400);
        english(session, "/console?day=-9999-01-01").then().statusCode(400);
    }

    @Test
    void aTimeZoneNotInTheListIsRefusedAndNothingChanges() {
        Tenants.Company company = Tenants.company();
        Session session = Session.of(company);
        for (String refused : new String[] {"-05:00", "EST", "Etc/GMT+5", "", "America/" + "x".repeat(100)}) {
            ConsoleClient.post(session, "/console/company/time-zone", Map.of("timeZone", refused)).then().statusCode(400);
        }
        assertThat(Sql.text("SELECT time_zone FROM companies WHERE id = ?", company.id())).isEqualTo("UTC");
    }

    @Test
    void anEndpointWhoseDeliveriesFailIsListed() throws Exception {
        Tenants.Company company = Tenants.company();
        Session session = Session.of(company);
        try (Receiver receiver = new Receiver(ordinal -> 500)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201);
            Invoices.create(Invoices.liveKey(company));
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            Receiver.await(() -> Sql.count("SELECT count(*) FROM webhook_deliveries WHERE company_id = ? AND attempts > 0",
                    company.id()) > 0, Duration.ofSeconds(20));
            org.jsoup.nodes.Document page = Jsoup.parse(english(session, "/console").then().statusCode(200).extract().asString());
            assertThat(page.select(".failing td").first().text()).isEqualTo(receiver.url());
            long retrying = Long.parseLong(page.select(".failing td.retrying").text());
            long dead = Long.parseLong(page.select(".failing td.dead").text());
            assertThat(retrying + dead).isEqualTo(1);
        }
    }

    private static io.restassured.response.Response english(Session session, String path) {
        return given().redirects().follow(false).cookie("recaudo_console", session.id()).header("Accept-Language", "en").get(path);
    }

    private static List<String> aging(org.jsoup.nodes.Document page, String currency) {
        return page.select("table.aging[data-currency=" + currency + "] td.amount").eachText();
    }

    private static void issue(Partner partner, String id, String currency, long amountMinor, LocalDate due) {
        String body = Partner.document(id, "C-" + id, currency, amountMinor);
        if (due != null) {
            body = body.replace("\"lines\":", "\"dueDate\":\"" + due + "T12:00:00-05:00\",\"lines\":");
        }
        partner.post("/collection-documents/upsert", body).then().log().ifValidationFails().statusCode(201);
    }

    private static OpenBalance balance(CurrencyCode currency, long daysPastDue, long amountMinor) {
        return new OpenBalance(currency, java.util.OptionalLong.of(daysPastDue), amountMinor, 1);
    }

    private static Instant databaseNow() {
        return Instant.parse(Sql.text("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"));
    }

    private static long receivablesInLedger(Tenants.Company company, CurrencyCode currency, Instant bookedBefore) {
        return Sql.count("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id"
                + " WHERE a.company_id = ? AND NOT a.is_test AND a.code LIKE 'receivable:%' AND a.currency = ? AND e.created_at < ?",
                company.id(), currency.name(), Timestamp.from(bookedBefore));
    }
}
