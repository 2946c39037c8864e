package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URI;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The bank rail's review fixes (issue 23): one credit proposed for two checkouts of its amount pays
 * one invoice, confirmed one after the other or at once; an over-long CSV field is a malformed line;
 * a debit carrying a credit's bank reference is another entry.
 */
@QuarkusTest
class BankReviewFixesTest {

    private record World(Tenants.Company company, Tenants.Key live, List<String> invoiceIds, String accountId) {}

    /** A company with a receiving account and {@code invoices} live invoices of 20 USD, their pages opened. */
    private static World world(int invoices) {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        List<String> invoiceIds = new java.util.ArrayList<>();
        for (int i = 0; i < invoices; i++) {
            var invoice = Invoices.create(live);
            invoiceIds.add(invoice.getString("id"));
            TransferPageTest.page(URI.create(invoice.getString("payment.payment_link")).getPath(), "es");
        }
        Map<String, Object> account = ReceivingAccountsTest.account();
        account.put("accountNumber", "VE12 0102 0000 1122 3344 5566");
        String accountId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(account)
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201).extract().path("id");
        return new World(company, live, invoiceIds, accountId);
    }

    private static Response csv(World world, String body, String statementId) {
        return given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", world.accountId())
                .contentType("text/csv").body(body)
                .post("/companies/{id}/bank-statements?statementId=" + statementId, world.company().id());
    }

    private static List<String> openProposals(World world) {
        return given().auth().oauth2(world.company().adminToken())
                .get("/companies/{id}/reconciliation-proposals", world.company().id()).then().statusCode(200).extract().path("id");
    }

    private static Response confirm(World world, String proposalId) {
        return given().auth().oauth2(world.company().adminToken())
                .post("/companies/{id}/reconciliation-proposals/{p}/confirm", world.company().id(), proposalId);
    }

    private static long payments(World world, String bankReference) {
        return Sql.count("SELECT count(*) FROM payments WHERE provider_payment_id = ? AND company_id = ?::uuid",
                "bank_transfer:" + bankReference, world.company().id());
    }

    @Test
    void givenOneCreditProposedForTwoInvoices_whenBothAreConfirmedInTurn_thenOneIsPaidAndTheOtherRefused() throws Exception {
        World world = world(2);
        csv(world, "date,amount,currency,reference,bank_reference\n2026-11-27,20.00,USD,,SIB-1\n", "sib-1").then()
                .statusCode(201).body("proposed", equalTo(1));
        List<String> proposals = openProposals(world);
        assertThat(proposals).hasSize(2);

        confirm(world, proposals.get(0)).then().statusCode(200).body("status", equalTo("CONFIRMED"))
                .body("outcome", equalTo("paid"));
        confirm(world, proposals.get(1)).then().statusCode(409).body(containsString("SUPERSEDED"));
        assertThat(openProposals(world)).isEmpty();
        assertThat(payments(world, "SIB-1")).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid AND status = 'MATCHED'",
                world.accountId())).isEqualTo(1);
    }

    @Test
    void givenOneCreditProposedForTwoInvoices_whenBothAreConfirmedAtOnce_thenExactlyOnePayment() throws Exception {
        World world = world(2);
        csv(world, "date,amount,currency,reference,bank_reference\n2026-11-27,20.00,USD,,SIB-2\n", "sib-2").then()
                .statusCode(201).body("proposed", equalTo(1));
        List<String> proposals = openProposals(world);
        assertThat(proposals).hasSize(2);

        List<Callable<Integer>> both = proposals.stream()
                .<Callable<Integer>>map(id -> () -> confirm(world, id).statusCode()).toList();
        assertThat(Parallel.run(2, both)).containsExactlyInAnyOrder(200, 409);
        assertThat(payments(world, "SIB-2")).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND company_id = ?::uuid",
                world.company().id())).isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenAnOverlongCsvBankReference_thenMalformedAtItsLineAndADebitWithACreditsReferenceIsAnotherEntry() {
        World world = world(0);
        csv(world, "date,amount,currency,bank_reference\n2026-11-27,2.00,USD," + "R".repeat(700) + "\n2026-11-27,1.00,USD,B-1\n",
                "long").then().statusCode(422).body(containsString("line 2"));
        assertThat(Sql.count("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid", world.accountId()))
                .isZero();

        csv(world, "date,amount,currency,bank_reference\n2026-11-27,5.00,USD,SAME-1\n2026-11-28,-5.00,USD,SAME-1\n", "dir")
                .then().statusCode(201).body("entriesNew", equalTo(2));
        csv(world, "date,amount,currency,bank_reference\n2026-11-27,5.00,USD,SAME-1\n2026-11-28,-5.00,USD,SAME-1\n", "dir-2")
                .then().statusCode(201).body("entriesNew", equalTo(0)).body("entriesAlreadySeen", equalTo(2));
    }

    /**
     * The invoice was settled another way while its checkout stayed pending (a row from before
     * closing a document closed its routes): confirming books the credit, says so, and conciliates nothing.
     */
    @Test
    void givenAnInvoiceThatNoLongerTakesTheCredit_whenItsProposalIsConfirmed_thenConfirmedAsCreditAndTheEntryCredited()
            throws Exception {
        World world = world(1);
        csv(world, "date,amount,currency,reference,bank_reference\n2026-11-27,20.00,USD,,CRD-1\n", "crd-1").then()
                .statusCode(201).body("proposed", equalTo(1));
        String proposal = openProposals(world).get(0);
        Invoices.settle(world.live(), world.invoiceIds().get(0), "prov-crd").then().statusCode(204);
        Sql.execute("UPDATE checkouts SET status = 'PENDING' WHERE company_id = ? AND is_test = false", world.company().id());

        confirm(world, proposal).then().statusCode(200).body("status", equalTo("CONFIRMED")).body("outcome", equalTo("credited"));
        assertThat(Sql.text("SELECT status FROM bank_statement_entries WHERE account_id = ?::uuid", world.accountId()))
                .isEqualTo("CREDITED");
        assertThat(Sql.count("SELECT credit_minor FROM payments WHERE provider_payment_id = 'bank_transfer:CRD-1'"
                + " AND company_id = ?", world.company().id())).isEqualTo(2000);
        Invoices.get(world.live(), world.invoiceIds().get(0)).then().body("status", equalTo("PAID_FROM_PROVIDER"));
        assertThat(openProposals(world)).isEmpty();
        confirm(world, proposal).then().statusCode(409);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }
}
