package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * A receiving account's CSV mapping: set by PUT, answered by GET, used by the account's next CSV
 * import (headers, decimal comma, day-first dates, a reversal column); bad mappings are 422 with
 * their field, another company's account 404.
 */
@QuarkusTest
class CsvMappingTest {

    private static final String MAPPING = "{\"columns\":{\"date\":\"Fecha\",\"amount\":\"Monto\",\"currency\":\"Moneda\","
            + "\"bank_reference\":\"Ref. banco\",\"description\":\"Concepto\"},\"decimalSeparator\":\",\","
            + "\"dateFormat\":\"dd/MM/yyyy\",\"reversalColumn\":\"Reverso\"}";

    private static Response put(String token, Object companyId, String accountId, String body) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(body)
                .put("/companies/{c}/receiving-accounts/{a}/csv-mapping", companyId, accountId);
    }

    @Test
    void givenAMapping_whenTheAccountsCsvIsImported_thenItIsReadByTheMapping() {
        BankStatementsTest.World world = BankStatementsTest.world();
        String admin = world.company().adminToken();
        given().auth().oauth2(admin).get("/companies/{c}/receiving-accounts/{a}/csv-mapping", world.company().id(),
                world.accountId()).then().statusCode(200).body("columns.amount", equalTo("amount"))
                .body("decimalSeparator", equalTo(".")).body("dateFormat", equalTo("yyyy-MM-dd"));

        put(admin, world.company().id(), world.accountId(), MAPPING).then().statusCode(200)
                .body("columns.amount", equalTo("Monto")).body("columns.payer_id", equalTo("payer_id"))
                .body("decimalSeparator", equalTo(",")).body("reversalColumn", equalTo("Reverso"));
        String csv = "Fecha,Concepto,Monto,Moneda,Ref. banco,Reverso\n"
                + "27/11/2026,pago ${REFERENCE},\"20,00\",USD,M-1,\n"
                + "28/11/2026,devuelto,\"-1.234,50\",USD,M-2,X\n";
        given().auth().oauth2(admin).header("X-Receiving-Account", world.accountId()).contentType("text/csv")
                .body(csv.replace("${REFERENCE}", world.reference()))
                .post("/companies/{id}/bank-statements?statementId=m-1", world.company().id())
                .then().statusCode(201).body("entriesNew", equalTo(2)).body("matched", equalTo(1));

        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(Sql.text("SELECT string_agg(amount_minor || ':' || credit || ':' || reversal || ':' || booking_date, '|'"
                + " ORDER BY line_number) FROM bank_statement_entries WHERE account_id = ?::uuid", world.accountId()))
                .isEqualTo("2000:true:false:2026-11-27|123450:false:true:2026-11-28");

        // The default headers no longer name this account's columns.
        given().auth().oauth2(admin).header("X-Receiving-Account", world.accountId()).contentType("text/csv")
                .body("date,amount,currency\n2026-11-27,1.00,USD\n")
                .post("/companies/{id}/bank-statements?statementId=m-2", world.company().id())
                .then().statusCode(422).body("errors.body[0]", org.hamcrest.Matchers.containsString("Fecha"));
    }

    @Test
    void givenBadMappingsOrAnotherCompanysAccount_thenRefusedAndNothingChanges() {
        BankStatementsTest.World world = BankStatementsTest.world();
        String admin = world.company().adminToken();
        put(admin, world.company().id(), world.accountId(), "{\"columns\":{\"fecha\":\"F\"}}").then().statusCode(422)
                .body("errors", hasKey("columns"));
        put(admin, world.company().id(), world.accountId(), "{\"decimalSeparator\":\";\"}").then().statusCode(422)
                .body("errors", hasKey("decimalSeparator"));
        put(admin, world.company().id(), world.accountId(), "{\"dateFormat\":\"yy\"}").then().statusCode(422)
                .body("errors", hasKey("dateFormat"));
        put(admin, world.company().id(), world.accountId(), "{\"columns\":{\"amount\":\"date\"}}").then().statusCode(422)
                .body("errors", hasKey("columns.amount"));
        put(admin, world.company().id(), world.accountId(), "{\"reversalColumn\":\"amount\"}").then().statusCode(422)
                .body("errors", hasKey("reversalColumn"));
        put(admin, world.company().id(), java.util.UUID.randomUUID().toString(), "{}").then().statusCode(404);
        put(admin, world.company().id(), "not-an-id", "{}").then().statusCode(422);

        Tenants.Company other = Tenants.company();
        put(other.adminToken(), other.id(), world.accountId(), MAPPING).then().statusCode(404);
        put(other.adminToken(), world.company().id(), world.accountId(), MAPPING).then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM receiving_account_csv_mappings WHERE account_id = ?::uuid",
                world.accountId())).isZero();
    }
}
