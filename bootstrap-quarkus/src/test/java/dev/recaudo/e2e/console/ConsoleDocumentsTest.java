package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Deliveries;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * The console's documents: the list and its filters, paging by cursor, one document with its lines,
 * payments, ledger entries and deliveries, the redelivery of one, and what another company or the
 * other environment cannot see.
 */
@QuarkusTest
class ConsoleDocumentsTest {

    @Test
    void theListIsFilteredByStatusCurrencyCustomerAndDueDate() {
        Partner partner = Partner.create();
        Session session = Session.of(partner.key.company());
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String a = issue(partner, "A", "USD", 100_00, today.minusDays(10));
        String b = issue(partner, "B", "USD", 50_00, today.plusDays(5));
        String c = issue(partner, "C", "VES", 1_000_00, today.plusDays(20));
        partner.pay("P-1", "C-C", 1_000_00, "VES", "C", 1_000_00).then().statusCode(200).body("status", equalTo("applied"));
        partner.pay("P-2", "C-A", 40_00, "USD", "A", 40_00).then().statusCode(200);

        assertThat(listed(session, "")).containsExactlyInAnyOrder(a, b, c);
        assertThat(listed(session, "?status=open")).containsExactly(b);
        assertThat(listed(session, "?status=partially_paid")).containsExactly(a);
        assertThat(listed(session, "?status=paid")).containsExactly(c);
        assertThat(listed(session, "?currency=VES")).containsExactly(c);
        assertThat(listed(session, "?dueTo=" + today)).containsExactly(a);
        assertThat(listed(session, "?dueFrom=" + today.plusDays(5) + "&dueTo=" + today.plusDays(5))).containsExactly(b);
        String customerOfA = Sql.text("SELECT customer_id::text FROM collection_documents WHERE id = ?::uuid", a);
        assertThat(listed(session, "?customer=" + customerOfA)).containsExactly(a);
        assertThat(listed(session, "?status=&currency=&customer=&dueFrom=&dueTo=")).hasSize(3);
        for (String refused : List.of("?status=PAID", "?currency=EUR", "?customer=not-a-uuid", "?dueFrom=2026-02-30", "?dueTo=" + "1".repeat(11))) {
            ConsoleClient.get(session, "/console/documents" + refused).then().statusCode(400);
        }
        Response forged = ConsoleClient.get(session, "/console/documents?cursor=forged");
        assertThat(forged.statusCode()).isBetween(400, 499);
        assertThat(forged.contentType()).startsWith("text/html");
    }

    @Test
    void aLongListIsPagedByCursorWithTheFiltersKept() {
        Partner partner = Partner.create();
        Session session = Session.of(partner.key.company());
        for (int i = 0; i < 52; i++) {
            issue(partner, "D-" + i, "USD", 1_00 + i, null);
        }
        issue(partner, "V", "VES", 5_00, null);
        Document first = page(session, "/console/documents?currency=USD");
        assertThat(first.select("table.documents tbody tr")).hasSize(50);
        assertThat(first.select("#first-page")).isEmpty();
        String next = first.select("#next-page").attr("href");
        assertThat(next).contains("currency=USD").contains("cursor=");
        Document second = page(session, "/console/" + next.substring(next.indexOf("documents")));
        assertThat(second.select("table.documents tbody tr")).hasSize(2);
        assertThat(second.select("#next-page")).isEmpty();
        assertThat(second.select("#first-page").attr("href")).isEqualTo("../console/documents?currency=USD");
        List<String> all = new java.util.ArrayList<>(first.select("table.documents tbody tr").eachAttr("data-id"));
        all.addAll(second.select("table.documents tbody tr").eachAttr("data-id"));
        assertThat(all).doesNotHaveDuplicates().hasSize(52);
    }

    @Test
    void aDocumentShowsItsLinesPaymentsLedgerEntriesAndOnlyToItsCompanyAndEnvironment() {
        Partner partner = Partner.create();
        Session session = Session.of(partner.key.company());
        String a = issue(partner, "A", "USD", 100_00, LocalDate.now(ZoneOffset.UTC));
        partner.pay("P-9", "C-A", 30_00, "USD", "A", 30_00).then().statusCode(200);

        Document page = Jsoup.parse(given().cookie("recaudo_console", session.id()).header("Accept-Language", "en")
                .get("/console/documents/" + a).then().statusCode(200).extract().asString());
        assertThat(page.select("h1").text()).isEqualTo("Document F-A");
        assertThat(page.select("#status").attr("data-status")).isEqualTo("partially_paid");
        assertThat(page.select("#balance").text()).isEqualTo("US$70.00");
        assertThat(page.select("table.lines td").eachText()).containsExactly("Servicio", "1", "US$100.00", "US$100.00");
        assertThat(page.select("table.payments td").eachText()).startsWith("P-9", "verified", "acme-erp", "US$30.00");
        List<String> accounts = page.select("table.entries td:nth-child(3)").eachText();
        assertThat(accounts).contains("receivable:" + a, "billing");
        assertThat(page.select("table.entries tbody tr")).hasSize((int) Sql.count("SELECT count(*) FROM ledger_entries e"
                + " JOIN ledger_transfers t ON t.id = e.transfer_id WHERE t.document_id = ?::uuid", a));
        assertThat(page.select("table.entries tr:has(td:contains(receivable:" + a + ")) td.debit").eachText()).contains("US$100.00");
        assertThat(page.select("table.entries tr:has(td:contains(receivable:" + a + ")) td.credit").eachText()).contains("US$30.00");

        Session stranger = Session.of(Tenants.company());
        ConsoleClient.get(stranger, "/console/documents/" + a).then().statusCode(404);
        assertThat(ConsoleClient.get(stranger, "/console/documents").asString()).doesNotContain(a);
        ConsoleClient.get(session, "/console/documents/" + UUID.randomUUID()).then().statusCode(404);
        ConsoleClient.get(session, "/console/documents/not-an-id").then().statusCode(404);
        ConsoleClient.post(session, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        ConsoleClient.get(session, "/console/documents/" + a).then().statusCode(404);
        assertThat(ConsoleClient.get(session, "/console/documents").asString()).doesNotContain(a);
    }

    @Test
    void anAdministratorRedeliversOneOfTheDocumentsDeliveries() throws Exception {
        Tenants.Company company = Tenants.company();
        Session session = Session.of(company);
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            String endpoint = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201).extract().path("id");
            String invoice = Invoices.create(Invoices.liveKey(company)).getString("id");
            String delivery = Deliveries.first(company, endpoint);
            Receiver.await(() -> receiver.received().size() == 1, Duration.ofSeconds(20));
            Receiver.await(() -> "SUCCEEDED".equals(Sql.text("SELECT status FROM webhook_deliveries WHERE id = ?::uuid", delivery)),
                    Duration.ofSeconds(20));

            Document page = page(session, "/console/documents/" + invoice);
            assertThat(page.select("table.deliveries tr[data-delivery=" + delivery + "] td").eachText())
                    .startsWith("invoice.created", receiver.url(), "succeeded", "1", "200");
            Response redelivered = ConsoleClient.post(session, "/console/documents/" + invoice + "/deliveries/" + delivery + "/redeliver",
                    Map.of());
            assertThat(redelivered.statusCode()).isEqualTo(303);
            assertThat(redelivered.header("Location")).isEqualTo("../../../../../console/documents/" + invoice);
            Receiver.await(() -> receiver.received().size() == 2, Duration.ofSeconds(20));
            assertThat(receiver.received().get(1).body()).isEqualTo(receiver.received().get(0).body());

            // A delivery named under another document, or unknown, is not found and sends nothing.
            Partner partner = new Partner(company.key("p", Partner.ALL, "acme-erp"));
            String other = issue(partner, "X", "USD", 1_00, null);
            ConsoleClient.post(session, "/console/documents/" + other + "/deliveries/" + delivery + "/redeliver", Map.of())
                    .then().statusCode(404);
            ConsoleClient.post(session, "/console/documents/" + invoice + "/deliveries/" + UUID.randomUUID() + "/redeliver", Map.of())
                    .then().statusCode(404);
            Thread.sleep(1000);
            String event = receiver.received().get(0).header("Webhook-id");
            assertThat(receiver.received().stream().filter(request -> event.equals(request.header("Webhook-id")))).hasSize(2);
        }
    }

    private static String issue(Partner partner, String id, String currency, long amountMinor, LocalDate due) {
        String body = Partner.document(id, "C-" + id, currency, amountMinor);
        if (due != null) {
            body = body.replace("\"lines\":", "\"dueDate\":\"" + due + "T12:00:00Z\",\"lines\":");
        }
        return partner.post("/collection-documents/upsert", body).then().statusCode(201).extract().path("invoiceId");
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }

    private static List<String> listed(Session session, String query) {
        return page(session, "/console/documents" + query).select("table.documents tbody tr").eachAttr("data-id");
    }
}
