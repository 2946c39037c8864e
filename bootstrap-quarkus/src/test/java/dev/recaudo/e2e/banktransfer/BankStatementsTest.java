package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A live invoice paid by a bank transfer that carries its page's reference, seen in a camt.053
 * import: the invoice is CONCILIATED with invoice.paid once, a re-import applies nothing twice, a
 * gap is flagged, and bad, hostile, oversized or unauthorized imports are refused.
 */
@QuarkusTest
class BankStatementsTest {

    record World(Tenants.Company company, Tenants.Key live, String invoiceId, String reference, String accountId) {}

    static String resource(String name) {
        try (InputStream in = BankStatementsTest.class.getResourceAsStream("/statements/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    static World world() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        var invoice = Invoices.create(live);
        Map<String, Object> account = ReceivingAccountsTest.account();
        account.put("accountNumber", "VE12 0102 0000 1122 3344 5566");
        String accountId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(account)
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201).extract().path("id");
        String path = URI.create(invoice.getString("payment.payment_link")).getPath();
        String reference = TransferPageTest.referenceIn(TransferPageTest.page(path, "es"));
        return new World(company, live, invoice.getString("id"), reference, accountId);
    }

    private static Response post(World world, String token, String contentType, String body, String query) {
        return given().auth().oauth2(token).header("X-Receiving-Account", world.accountId()).contentType(contentType)
                .body(body.replace("${REFERENCE}", world.reference()))
                .post("/companies/{id}/bank-statements" + query, world.company().id());
    }

    private static Response camt(World world, String file) {
        return post(world, world.company().adminToken(), "application/xml", resource(file), "");
    }

    private static long paidEvents(World world) {
        return Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?",
                "%" + world.invoiceId() + "%");
    }

    @Test
    void givenATransferWithThePagesReference_whenItsStatementIsImported_thenTheInvoiceIsConciliatedOnceAndReimportsApplyNothing()
            throws Exception {
        World world = world();
        camt(world, "camt053-first.xml").then().statusCode(201)
                .body("statementId", equalTo("STMT-2026-11-27"))
                .body("entriesNew", equalTo(5)).body("entriesAlreadySeen", equalTo(0))
                .body("matched", equalTo(1)).body("unmatched", equalTo(3))
                .body("gap", equalTo(false)).body("openingBalanceMinor", equalTo(100000))
                .body("closingBalanceMinor", equalTo(105500));
        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(paidEvents(world)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid AND amount_minor = 2000"
                + " AND payer_name = 'Jose Rivas'", world.accountId())).as("two equal lines are two entries").isEqualTo(2);
        assertThat(Sql.count("SELECT amount_minor FROM bank_statement_entries WHERE account_id = ?::uuid AND currency = 'VES'",
                world.accountId())).isEqualTo(730055);

        camt(world, "camt053-first.xml").then().statusCode(201)
                .body("entriesNew", equalTo(0)).body("entriesAlreadySeen", equalTo(5)).body("matched", equalTo(0));
        camt(world, "camt053-overlap.xml").then().statusCode(201)
                .body("entriesNew", equalTo(2)).body("entriesAlreadySeen", equalTo(1)).body("matched", equalTo(0))
                .body("unmatched", equalTo(1)).body("gap", equalTo(false));
        assertThat(paidEvents(world)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE provider_payment_id = 'bank_transfer:BNK-0001'"
                + " AND company_id = ?", world.company().id())).isEqualTo(1);

        camt(world, "camt053-gap.xml").then().statusCode(201).body("gap", equalTo(true))
                .body("previousClosingBalanceMinor", equalTo(109001));
        given().auth().oauth2(world.company().adminToken()).get("/companies/{id}/bank-statements", world.company().id())
                .then().statusCode(200).body("size()", equalTo(4)).body("[0].gap", equalTo(true)).body("[1].gap", equalTo(false));
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenAConciliatedCredit_whenTheBankReversesIt_thenThePaymentIsReturnedOnceAndTheInvoiceOwesAgain() throws Exception {
        World world = world();
        camt(world, "camt053-first.xml").then().statusCode(201).body("matched", equalTo(1));
        Invoices.get(world.live(), world.invoiceId()).then().body("status", equalTo("CONCILIATED"));

        camt(world, "camt053-reversal.xml").then().statusCode(201).body("entriesNew", equalTo(1))
                .body("matched", equalTo(1)).body("unmatched", equalTo(0));
        camt(world, "camt053-reversal.xml").then().statusCode(201).body("entriesNew", equalTo(0))
                .body("entriesAlreadySeen", equalTo(1)).body("matched", equalTo(0));

        Invoices.get(world.live(), world.invoiceId()).then().body("status", equalTo("CREATED"));
        assertThat(Invoices.balanceMinor(world.invoiceId())).isEqualTo(2000);
        assertThat(Sql.count("SELECT count(*) FROM refunds WHERE company_id = ? AND external_payment_id IS NULL"
                + " AND amount_minor = 2000", world.company().id())).isEqualTo(1);
        assertThat(Sql.text("SELECT string_agg(status, ',' ORDER BY reversal) FROM bank_statement_entries"
                + " WHERE account_id = ?::uuid AND bank_reference = 'BNK-0001'", world.accountId())).isEqualTo("REVERSED,MATCHED");
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.refunded' AND body LIKE ?",
                "%" + world.invoiceId() + "%")).isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenACsvStatement_whenImported_thenAmountsAreExactAndEqualLinesAreTwoEntries() {
        World world = world();
        post(world, world.company().adminToken(), "text/csv", resource("statement.csv"), "?statementId=csv-2026-11-27")
                .then().statusCode(201).body("format", equalTo("csv")).body("entriesNew", equalTo(4))
                // The first line's payer id is the tax id of the world's customer (V-12.345.678): proposed, at 40.
                .body("proposed", equalTo(1)).body("unmatched", equalTo(2));
        assertThat(Sql.text("SELECT string_agg(amount_minor || ':' || credit || ':' || coalesce(payer_name, '-'), '|'"
                + " ORDER BY line_number) FROM bank_statement_entries WHERE account_id = ?::uuid", world.accountId()))
                .isEqualTo("123456:true:Perez, Maria|10:true:Ana Gil|10:true:Ana Gil|1200:false:-");
        post(world, world.company().adminToken(), "text/csv", resource("statement.csv"), "?statementId=csv-2026-11-27")
                .then().statusCode(201).body("entriesNew", equalTo(0)).body("entriesAlreadySeen", equalTo(4));
        post(world, world.company().adminToken(), "text/csv", resource("statement.csv"), "")
                .then().statusCode(422).body(containsString("statementId"));
    }

    @Test
    void givenCreditsWithoutAnExactMatch_whenProposed_thenEachProposalIsDecidedOnceAndAForeignCurrencyOnlyThroughTheCertifiedRate()
            throws Exception {
        World world = world();
        String csv = "date,amount,currency,reference,bank_reference\n2026-11-27,20.00,USD,,P-1\n"
                + "2026-11-27,7300.00,VES,pago ${REFERENCE},P-2\n";
        post(world, world.company().adminToken(), "text/csv", csv, "?statementId=p-1").then().statusCode(201)
                .body("proposed", equalTo(2)).body("matched", equalTo(0));
        String admin = world.company().adminToken();
        var open = given().auth().oauth2(admin).get("/companies/{id}/reconciliation-proposals", world.company().id())
                .then().statusCode(200).body("size()", equalTo(2)).extract().jsonPath();
        String usd = open.getString("find { it.currency == 'USD' }.id");
        String ves = open.getString("find { it.currency == 'VES' }.id");
        assertThat(open.getString("find { it.currency == 'VES' }.reason")).contains("certified-rate");

        given().auth().oauth2(admin).post("/companies/{id}/reconciliation-proposals/{p}/confirm", world.company().id(), ves)
                .then().statusCode(409).body(containsString("certified-rate"));
        given().auth().oauth2(admin).post("/companies/{id}/reconciliation-proposals/{p}/dismiss", world.company().id(), ves)
                .then().statusCode(200).body("status", equalTo("DISMISSED"));
        given().auth().oauth2(admin).post("/companies/{id}/reconciliation-proposals/{p}/dismiss", world.company().id(), ves)
                .then().statusCode(409);
        given().auth().oauth2(admin).post("/companies/{id}/reconciliation-proposals/{p}/confirm", world.company().id(), usd)
                .then().statusCode(200).body("status", equalTo("CONFIRMED"));
        given().auth().oauth2(admin).post("/companies/{id}/reconciliation-proposals/{p}/confirm", world.company().id(), usd)
                .then().statusCode(409);
        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(paidEvents(world)).isEqualTo(1);
        given().auth().oauth2(Tenants.company().adminToken())
                .post("/companies/{id}/reconciliation-proposals/{p}/dismiss", world.company().id(), usd).then().statusCode(404);
        given().auth().oauth2(admin).get("/companies/{id}/reconciliation-proposals", world.company().id())
                .then().statusCode(200).body("size()", equalTo(0));
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenConcurrentImportsOfOneStatementAndConcurrentConfirmations_thenEachAppliesOnce() throws Exception {
        World world = world();
        String body = resource("camt053-first.xml");
        Callable<Integer> importOnce = () -> camt(world, "camt053-first.xml").then().statusCode(201).extract().path("entriesNew");
        List<Integer> imports = Parallel.run(4, Collections.nCopies(4, importOnce));
        assertThat(imports.stream().mapToInt(Integer::intValue).sum()).as("entries kept across the imports").isEqualTo(5);
        assertThat(paidEvents(world)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE provider_payment_id = 'bank_transfer:BNK-0001'"
                + " AND company_id = ?", world.company().id())).isEqualTo(1);
        assertThat(body).contains("BNK-0001");

        World second = world();
        post(second, second.company().adminToken(), "text/csv", "date,amount,currency\n2026-11-27,20.00,USD\n", "?statementId=c")
                .then().statusCode(201).body("proposed", equalTo(1));
        String proposal = given().auth().oauth2(second.company().adminToken())
                .get("/companies/{id}/reconciliation-proposals", second.company().id()).then().extract().path("[0].id");
        Callable<Integer> confirmOnce = () -> given().auth().oauth2(second.company().adminToken())
                .post("/companies/{id}/reconciliation-proposals/{p}/confirm", second.company().id(), proposal).statusCode();
        List<Integer> statuses = Parallel.run(4, Collections.nCopies(4, confirmOnce));
        assertThat(statuses).containsExactlyInAnyOrder(200, 409, 409, 409);
        assertThat(paidEvents(second)).isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    @Test
    void givenBadHostileOrOversizedInput_whenImported_thenRefusedWithTheLineAndNothingRead() {
        World world = world();
        camt(world, "camt053-xxe.xml").then().statusCode(422).body(not(containsString("root:")))
                .body(containsString("line"));
        post(world, world.company().adminToken(), "text/csv",
                "date,amount,currency\n2026-11-27,12.345,USD\n", "?statementId=bad").then().statusCode(422)
                .body(containsString("line 2"));
        assertThat(Sql.count("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid", world.accountId())).isZero();

        char[] filler = new char[8 * 1024 * 1024 + 16];
        Arrays.fill(filler, ' ');
        post(world, world.company().adminToken(), "application/xml", "<x>" + new String(filler) + "</x>", "")
                .then().statusCode(413);
    }

    @Test
    void givenAnotherCompanysAdminOrNoToken_whenImporting_thenRefusedAndNothingKept() {
        World world = world();
        Tenants.Company other = Tenants.company();
        post(world, other.adminToken(), "application/xml", resource("camt053-first.xml"), "").then().statusCode(404);
        given().header("X-Receiving-Account", world.accountId()).contentType("application/xml").body(resource("camt053-first.xml"))
                .post("/companies/{id}/bank-statements", world.company().id()).then().statusCode(401);
        assertThat(Sql.count("SELECT count(*) FROM bank_statements WHERE account_id = ?::uuid", world.accountId())).isZero();
    }
}
