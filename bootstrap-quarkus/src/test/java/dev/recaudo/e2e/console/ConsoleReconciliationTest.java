package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * The reconciliation inbox: a clerk confirms a statement line's proposal and the document is paid,
 * once whatever confirms it again or at the same time; a large credit needs a second person; a bulk
 * decision lists each outcome; the test environment decides nothing.
 */
@QuarkusTest
class ConsoleReconciliationTest {

    /** A company with a receiving account, {@code invoices} live invoices of {@code amount} each, and its administrator's session. */
    private record World(Tenants.Company company, Tenants.Key live, Session admin, List<String> invoices) {}

    private static World world(String amount, int invoices) {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        Map<String, Object> account = new HashMap<>(Map.of("bank", "Banco Nacional", "accountNumber", "0102-0000-11-2233445566",
                "holder", "Ferreteria Acme C.A.", "currency", "USD"));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(account)
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < invoices; i++) {
            Map<String, Object> body = Invoices.body();
            body.put("amount", Double.parseDouble(amount));
            ids.add(Invoices.create(live, body).getString("id"));
        }
        return new World(company, live, Session.of(company), ids);
    }

    /** Imports a CSV statement of {@code credits} (amount, bank reference) without references: each is proposed. */
    private static void credits(World world, String... credits) {
        StringBuilder csv = new StringBuilder("date,amount,currency,reference,bank_reference\n");
        for (int i = 0; i < credits.length; i += 2) {
            csv.append("2026-11-27,").append(credits[i]).append(",USD,,").append(credits[i + 1]).append('\n');
        }
        String accountId = Sql.text("SELECT id::text FROM receiving_accounts WHERE company_id = ?", world.company().id());
        given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", accountId).contentType("text/csv")
                .body(csv.toString()).post("/companies/{id}/bank-statements?statementId=" + UUID.randomUUID(), world.company().id())
                .then().statusCode(201);
    }

    private static List<String> proposals(World world) {
        return List.of(Sql.text("SELECT string_agg(id::text, ',' ORDER BY created_at, id) FROM reconciliation_proposals"
                + " WHERE company_id = ?", world.company().id()).split(","));
    }

    @Test
    void aClerkConfirmsAProposalAndTheDocumentIsPaidOnceWhateverConfirmsItAgain() throws Exception {
        World world = world("20.00", 1);
        credits(world, "20.00", "BNK-1");
        String proposal = proposals(world).get(0);
        Session clerk = ConsoleClient.invited(world.admin(), "clerk");
        Session viewer = ConsoleClient.invited(world.admin(), "viewer");

        Document inbox = page(viewer, "/console/reconciliation");
        assertThat(inbox.select("tr[data-proposal=" + proposal + "]")).hasSize(1);
        assertThat(inbox.select("button.confirm")).isEmpty();
        ConsoleClient.post(viewer, "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(403);
        assertThat(page(clerk, "/console/reconciliation").select("tr[data-proposal=" + proposal + "] button.confirm")).hasSize(1);

        List<Callable<Integer>> twice = List.of(
                () -> ConsoleClient.post(clerk, "/console/reconciliation/" + proposal + "/confirm", Map.of()).statusCode(),
                () -> ConsoleClient.post(world.admin(), "/console/reconciliation/" + proposal + "/confirm", Map.of()).statusCode());
        assertThat(Parallel.run(2, twice)).containsExactlyInAnyOrder(303, 409);
        Invoices.get(world.live(), world.invoices().get(0)).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?",
                "%" + world.invoices().get(0) + "%")).isEqualTo(1);
        Response again = ConsoleClient.post(clerk, "/console/reconciliation/" + proposal + "/confirm", Map.of());
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.asString()).contains("CONFIRMED");
        assertThat(page(clerk, "/console/reconciliation").select("#no-proposals")).hasSize(1);
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation LIKE '%reconciliation%confirm%'"
                + " AND admin_user_id = (SELECT id FROM admin_users WHERE company_id = ? AND role = 'clerk')", world.company().id(),
                world.company().id())).isGreaterThanOrEqualTo(1);
    }

    @Test
    void confirmingOneProposalOfALineDismissesItsOthers() {
        World world = world("20.00", 2);
        credits(world, "20.00", "BNK-2");
        List<String> both = proposals(world);
        assertThat(both).hasSize(2);
        Document inbox = page(world.admin(), "/console/reconciliation");
        assertThat(inbox.select("section[data-entry]")).hasSize(1);
        ConsoleClient.post(world.admin(), "/console/reconciliation/" + both.get(0) + "/confirm", Map.of()).then().statusCode(303);
        assertThat(Sql.text("SELECT status FROM reconciliation_proposals WHERE id = ?::uuid", both.get(1))).isEqualTo("SUPERSEDED");
        ConsoleClient.post(world.admin(), "/console/reconciliation/" + both.get(1) + "/confirm", Map.of()).then().statusCode(409);
    }

    @Test
    void aCreditAboveItsCurrencysAmountIsAppliedByASecondPerson() {
        World world = world("6000.00", 1);
        credits(world, "6000.00", "BNK-3");
        String proposal = proposals(world).get(0);
        Session clerk = ConsoleClient.invited(world.admin(), "clerk");

        ConsoleClient.post(clerk, "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(303);
        assertThat(Sql.text("SELECT status FROM reconciliation_proposals WHERE id = ?::uuid", proposal)).isEqualTo("OPEN");
        assertThat(page(clerk, "/console/reconciliation").select("tr[data-proposal=" + proposal + "] .awaiting").text())
                .isEqualTo("Tú la confirmaste primero: otra persona debe confirmarla.");
        assertThat(page(world.admin(), "/console/reconciliation").select("tr[data-proposal=" + proposal + "] .awaiting").text())
                .isEqualTo("Espera la confirmación de otra persona");
        ConsoleClient.post(clerk, "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(409);
        Invoices.get(world.live(), world.invoices().get(0)).then().body("status", equalTo("CREATED"));

        ConsoleClient.post(world.admin(), "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(303);
        Invoices.get(world.live(), world.invoices().get(0)).then().body("status", equalTo("CONCILIATED"));
        // The administration API follows the same rule: its first confirmation waits for a second person.
        World api = world("6000.00", 1);
        credits(api, "6000.00", "BNK-4");
        String viaApi = proposals(api).get(0);
        given().auth().oauth2(api.company().adminToken()).post("/companies/{id}/reconciliation-proposals/{p}/confirm", api.company().id(),
                viaApi).then().statusCode(200).body("status", equalTo("OPEN")).body("outcome", equalTo("awaiting_second_person"));
        given().auth().oauth2(api.company().adminToken()).post("/companies/{id}/reconciliation-proposals/{p}/confirm", api.company().id(),
                viaApi).then().statusCode(409);
    }

    @Test
    void aBulkDecisionTakesEachProposalInItsOwnTransactionAndListsEachOutcome() {
        World world = world("20.00", 2);
        credits(world, "20.00", "BNK-5");
        List<String> both = proposals(world);
        String unknown = UUID.randomUUID().toString();

        Response decided = given().redirects().follow(false).cookie("recaudo_console", world.admin().id())
                .formParam("csrf", world.admin().csrf()).formParam("action", "confirm")
                .formParam("proposal", both.get(0)).formParam("proposal", both.get(1)).formParam("proposal", unknown)
                .post("/console/reconciliation/bulk");
        assertThat(decided.statusCode()).isEqualTo(200);
        Document results = Jsoup.parse(decided.asString());
        assertThat(results.select("li[data-proposal=" + both.get(0) + "]").attr("data-outcome")).isEqualTo("decided");
        assertThat(results.select("li[data-proposal=" + both.get(1) + "]").attr("data-outcome")).isEqualTo("already_decided");
        assertThat(results.select("li[data-proposal=" + unknown + "]").attr("data-outcome")).isEqualTo("not_found");
        Invoices.get(world.live(), world.invoices().get(0)).then().body("status", equalTo("CONCILIATED"));

        given().redirects().follow(false).cookie("recaudo_console", world.admin().id()).formParam("csrf", world.admin().csrf())
                .formParam("action", "pay-everything").formParam("proposal", both.get(0)).post("/console/reconciliation/bulk")
                .then().statusCode(400);
        given().redirects().follow(false).cookie("recaudo_console", world.admin().id()).formParam("csrf", world.admin().csrf())
                .formParam("action", "dismiss").formParam("proposal", "not-an-id").post("/console/reconciliation/bulk")
                .then().statusCode(400);
    }

    @Test
    void theTestEnvironmentSeesAndDecidesNothing() {
        World world = world("20.00", 1);
        credits(world, "20.00", "BNK-6");
        String proposal = proposals(world).get(0);
        ConsoleClient.post(world.admin(), "/console/environment", Map.of("environment", "test")).then().statusCode(303);

        Document inbox = page(world.admin(), "/console/reconciliation");
        assertThat(inbox.select("#live-only")).hasSize(1);
        assertThat(inbox.select("tr[data-proposal]")).isEmpty();
        ConsoleClient.post(world.admin(), "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(404);
        ConsoleClient.post(world.admin(), "/console/reconciliation/" + proposal + "/dismiss", Map.of()).then().statusCode(404);
        assertThat(Sql.text("SELECT status FROM reconciliation_proposals WHERE id = ?::uuid", proposal)).isEqualTo("OPEN");
        Session stranger = Session.of(Tenants.company());
        ConsoleClient.post(stranger, "/console/reconciliation/" + proposal + "/confirm", Map.of()).then().statusCode(404);
        assertThat(Sql.text("SELECT status FROM reconciliation_proposals WHERE id = ?::uuid", proposal)).isEqualTo("OPEN");
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
