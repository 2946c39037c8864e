package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Proposals by the payer's tax id (a customer's, seen in the line's payer id) and by due date (same
 * amount, due within three days of the booking), each with its confidence and reason.
 */
@QuarkusTest
class BankProposalsTest {

    private static JsonPath importCsv(BankStatementsTest.World world, String csv, String statementId) {
        given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", world.accountId())
                .contentType("text/csv").body(csv).post("/companies/{id}/bank-statements?statementId=" + statementId,
                        world.company().id())
                .then().statusCode(201);
        return given().auth().oauth2(world.company().adminToken())
                .get("/companies/{id}/reconciliation-proposals", world.company().id()).then().statusCode(200).extract().jsonPath();
    }

    private static String checkoutOf(String invoiceId) {
        return Sql.text("SELECT id::text FROM checkouts WHERE document_id = ?::uuid AND status = 'PENDING'",
                invoiceId);
    }

    @Test
    void givenACreditFromTheCustomersTaxId_thenItsCheckoutIsProposedSurestAndAnotherAmountLessSure() {
        BankStatementsTest.World world = BankStatementsTest.world(); // an invoice of 20.00 for the customer V-12.345.678
        Map<String, Object> other = Invoices.body();
        other.put("amount", 47);
        String otherInvoice = Invoices.create(world.live(), other).getString("id");

        JsonPath open = importCsv(world, "date,amount,currency,bank_reference,payer_id\n2026-11-27,20.00,USD,T-1,v 12345678\n",
                "tax-1");

        assertThat(open.getInt("size()")).isEqualTo(2);
        String mine = checkoutOf(world.invoiceId());
        assertThat(open.getInt("find { it.checkoutId == '" + mine + "' }.confidence")).isEqualTo(85);
        assertThat(open.getString("find { it.checkoutId == '" + mine + "' }.reason")).contains("tax id").contains("same");
        String theirs = checkoutOf(otherInvoice);
        assertThat(open.getInt("find { it.checkoutId == '" + theirs + "' }.confidence")).isEqualTo(40);
        assertThat(open.getString("find { it.checkoutId == '" + theirs + "' }.reason")).contains("amount differs");
    }

    @Test
    void givenTwoCheckoutsOfTheAmountOneDueNearTheBooking_thenThatOneIsSurer() {
        BankStatementsTest.World world = BankStatementsTest.world();
        Map<String, Object> near = Invoices.body();
        near.put("amount", 33);
        near.put("reference", "J-1");
        near.put("due_date", "2026-11-29");
        String nearInvoice = Invoices.create(world.live(), near).getString("id");
        Map<String, Object> far = Invoices.body();
        far.put("amount", 33);
        far.put("reference", "J-2");
        far.put("due_date", "2026-12-20");
        String farInvoice = Invoices.create(world.live(), far).getString("id");

        JsonPath open = importCsv(world, "date,amount,currency,bank_reference\n2026-11-27,33.00,USD,D-1\n", "due-1");

        assertThat(open.getInt("size()")).isEqualTo(2);
        String nearCheckout = checkoutOf(nearInvoice);
        assertThat(open.getInt("find { it.checkoutId == '" + nearCheckout + "' }.confidence")).isEqualTo(65);
        assertThat(open.getString("find { it.checkoutId == '" + nearCheckout + "' }.reason")).contains("due within 3 days");
        assertThat(open.getInt("find { it.checkoutId == '" + checkoutOf(farInvoice) + "' }.confidence")).isEqualTo(40);
    }
}
