package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A company's receiving accounts: registered, listed and deactivated by its administrator only, each action audited. */
@QuarkusTest
class ReceivingAccountsTest {

    static Map<String, Object> account() {
        Map<String, Object> body = new HashMap<>();
        body.put("bank", "Banco Nacional");
        body.put("accountNumber", "0102-0000-11-2233445566");
        body.put("holder", "Ferreteria Acme C.A.");
        body.put("currency", "USD");
        return body;
    }

    @Test
    void givenAdmin_whenRegisteringListingAndDeactivating_thenEachAnsweredAndAudited() {
        Tenants.Company company = Tenants.company();
        String id = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(account())
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(201)
                .body("bank", equalTo("Banco Nacional"))
                .body("accountNumber", equalTo("0102-0000-11-2233445566"))
                .body("phone", nullValue())
                .body("currency", equalTo("USD"))
                .body("active", equalTo(true))
                .extract().path("id");
        Map<String, Object> mobile = account();
        mobile.remove("accountNumber");
        mobile.put("phone", "+58 414 1234567");
        mobile.put("currency", "ves");
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(mobile)
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(201).body("phone", equalTo("+58 414 1234567")).body("currency", equalTo("VES"));

        given().auth().oauth2(company.adminToken()).get("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(200).body("size()", equalTo(2)).body("[0].id", equalTo(id));
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/receiving-accounts/{a}", company.id(), id)
                .then().statusCode(204);
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/receiving-accounts/{a}", company.id(), id)
                .then().statusCode(404);
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(200).body("[0].active", equalTo(false)).body("[1].active", equalTo(true));

        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND operation LIKE ?"
                + " AND target_id::text = ?", company.id(), "%receiving-accounts%", id)).isEqualTo(3);
    }

    @Test
    void givenBadFields_whenRegistering_thenEachNamedIn422AsTheAdministrationFamilyAnswers() {
        Tenants.Company company = Tenants.company();
        Map<String, Object> both = account();
        both.put("phone", "04141234567");
        both.put("currency", "EUR");
        both.remove("holder");
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(both)
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(422)
                .body("errors", hasKey("phone")).body("errors", hasKey("currency")).body("errors", hasKey("holder"));
        Map<String, Object> neither = account();
        neither.remove("accountNumber");
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(neither)
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(422).body("errors", hasKey("accountNumber"));
        assertThat(Sql.count("SELECT count(*) FROM receiving_accounts WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenAnotherCompanysAdminOrNoToken_whenRegistering_thenRefused() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        given().auth().oauth2(other.adminToken()).contentType(ContentType.JSON).body(account())
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(404);
        given().contentType(ContentType.JSON).body(account())
                .post("/companies/{id}/receiving-accounts", company.id())
                .then().statusCode(401);
        assertThat(Sql.count("SELECT count(*) FROM receiving_accounts WHERE company_id = ?", company.id())).isZero();
    }
}
