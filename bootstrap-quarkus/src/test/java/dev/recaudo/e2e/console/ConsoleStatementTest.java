package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.IOException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * A customer's statement of account in the console against the ledger: each entry with the balance it
 * leaves, the closing balance equal to the customer's ledger accounts, a past period unchanged by what
 * was booked after it, the same figures as CSV (defused) and PDF, and no other company's or
 * environment's customer.
 */
@QuarkusTest
class ConsoleStatementTest {

    @Test
    void theStatementRunsTheBalanceThroughTheLedgersEntries() throws IOException {
        Partner partner = Partner.create();
        Tenants.Company company = partner.key.company();
        Session session = Session.of(company);
        ConsoleClient.post(session, "/console/company/time-zone", Map.of("timeZone", "America/Caracas")).then().statusCode(303);
        partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 100_00).replace("\"invoiceNumber\":\"F-A\"",
                "\"invoiceNumber\":\"=HYPERLINK(1)\"")).then().statusCode(201);
        partner.createDocument("B", "C-1", "USD", 50_00);
        partner.pay("P-1", "C-1", 100_00, "USD", "A", 100_00).then().statusCode(200).body("status", equalTo("applied"));
        partner.pay("P-2", "C-1", 60_00, "USD", "B", 50_00).then().statusCode(200);
        String customer = Sql.text("SELECT customer_id::text FROM collection_documents WHERE company_id = ? AND external_document_id = 'A'",
                company.id());
        LocalDate today = LocalDate.now(ZoneId.of("America/Caracas"));

        Document customers = page(session, "/console/customers");
        assertThat(customers.select("tr[data-id=" + customer + "] td.credit").text()).isEqualTo("US$10.00");

        Document statement = page(session, "/console/customers/" + customer + "/statement");
        List<String> balances = texts(statement, "table.statement[data-currency=USD] tbody tr[data-entry] td.balance");
        List<String> charges = texts(statement, "table.statement[data-currency=USD] tbody tr[data-entry] td.charge");
        List<String> credits = texts(statement, "table.statement[data-currency=USD] tbody tr[data-entry] td.credit");
        assertThat(balances).hasSize((int) Sql.count("SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id"
                + " WHERE a.company_id = ? AND (a.code = 'customer_credit:' || ? OR a.code IN (SELECT 'receivable:' || id FROM"
                + " collection_documents WHERE customer_id = ?::uuid))", company.id(), customer, customer));
        long running = 0;
        for (int i = 0; i < balances.size(); i++) {
            running += cents(charges.get(i)) - cents(credits.get(i));
            assertThat(cents(balances.get(i))).as("balance after entry %d", i).isEqualTo(running);
        }
        assertThat(statement.select("table.statement[data-currency=USD] tr.closing td.balance").text()).isEqualTo("-US$10.00");
        assertThat(running).isEqualTo(-10_00);
        assertThat(statement.select("table.statement tr.opening td.balance").text()).isEqualTo("US$0.00");

        // Through yesterday, in Caracas, none of it was booked yet; from today, all of it, opening at zero.
        Document yesterday = page(session, "/console/customers/" + customer + "/statement?through=" + today.minusDays(1));
        assertThat(yesterday.select("#no-entries")).hasSize(1);
        Document fromToday = page(session, "/console/customers/" + customer + "/statement?from=" + today + "&through=" + today);
        assertThat(fromToday.select("tr.closing td.balance").text()).isEqualTo("-US$10.00");

        Response csv = ConsoleClient.get(session, "/console/customers/" + customer + "/statement.csv?through=" + today);
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.header("Content-Disposition")).startsWith("attachment; filename=\"statement-" + customer);
        assertThat(csv.header("Cache-Control")).contains("no-store");
        List<String> rows = Arrays.asList(csv.asString().split("\r\n"));
        assertThat(rows.get(0)).startsWith("currency,entry_id,booked_at");
        assertThat(rows).hasSize(balances.size() + 3);
        assertThat(rows.get(rows.size() - 1)).startsWith("USD,,,").endsWith(",closing_balance,,,,,-10.00");
        assertThat(csv.asString()).contains(",'=HYPERLINK(1),").doesNotContain(",=HYPERLINK");

        Response pdf = ConsoleClient.get(session, "/console/customers/" + customer + "/statement.pdf");
        assertThat(pdf.statusCode()).isEqualTo(200);
        assertThat(pdf.contentType()).isEqualTo("application/pdf");
        try (PDDocument document = Loader.loadPDF(pdf.asByteArray())) {
            assertThat(new PDFTextStripper().getText(document)).contains("Estado de cuenta").contains("-US$10.00").contains("Saldo final");
        }
    }

    @Test
    void aPeriodThatCannotBeReadOrIsToComeIsRefusedAndAnotherCompanysCustomerIsNotFound() {
        Partner partner = Partner.create();
        Session session = Session.of(partner.key.company());
        partner.createDocument("A", "C-1", "USD", 100_00);
        String customer = Sql.text("SELECT customer_id::text FROM collection_documents WHERE company_id = ?", partner.key.company().id());
        String statement = "/console/customers/" + customer + "/statement";
        LocalDate today = LocalDate.now(java.time.ZoneOffset.UTC);
        for (String refused : List.of("?through=" + today.plusDays(2), "?from=" + today + "&through=" + today.minusDays(1),
                "?through=2026-02-30", "?from=x")) {
            ConsoleClient.get(session, statement + refused).then().statusCode(400);
            ConsoleClient.get(session, "/console/customers/" + customer + "/statement.csv" + refused).then().statusCode(400);
        }
        Session stranger = Session.of(Tenants.company());
        for (String suffix : List.of("", ".csv", ".pdf")) {
            ConsoleClient.get(stranger, statement + suffix).then().statusCode(404);
        }
        ConsoleClient.get(stranger, "/console/customers/not-a-uuid/statement").then().statusCode(404);
        assertThat(ConsoleClient.get(stranger, "/console/customers").asString()).doesNotContain(customer);
        ConsoleClient.post(session, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        ConsoleClient.get(session, statement).then().statusCode(404);
        assertThat(ConsoleClient.get(session, "/console/customers").asString()).doesNotContain(customer);
    }

    /** The text of each cell, empty ones included (jsoup's eachText leaves them out). */
    private static List<String> texts(Document page, String cells) {
        return page.select(cells).stream().map(org.jsoup.nodes.Element::text).toList();
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }

    /** Cents of an amount as the console writes it in Spanish ("US$1,234.50", "-US$10.00"), zero for an empty cell. */
    private static long cents(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        long value = Long.parseLong(text.replaceAll("[^0-9]", ""));
        return text.startsWith("-") ? -value : value;
    }
}
