package dev.recaudo.e2e.operator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class OperatorApiTest {

    private static Map<String, Object> company(String email) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "Ferretería El Tornillo");
        body.put("referenceCurrency", "VES");
        body.put("admin", Map.of("email", email, "password", "s3cret-enough"));
        return body;
    }

    @Test
    void givenOperatorToken_whenCreatingCompany_thenCreatedWithAdminWhoCanLogIn() {
        String email = "Owner-" + UUID.randomUUID() + "@Example.test";
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(company(email))
                .post("/operator/companies")
                .then().statusCode(201)
                .body("companyId", notNullValue())
                .body("name", equalTo("Ferretería El Tornillo"))
                .body("referenceCurrency", equalTo("VES"))
                .body("enabled", equalTo(true))
                .body("adminUserId", notNullValue())
                .body("timeZone", equalTo("UTC"));

        String token = Tenants.login(email.toLowerCase(), "s3cret-enough");
        assertThat(token).contains(".");
        assertThat(Sql.count("SELECT count(*) FROM admin_users WHERE email = ? AND password_hash LIKE '$2a$%'",
                email.toLowerCase())).isEqualTo(1);
    }

    @Test
    void givenNullReferenceCurrencyAndDisabled_whenCreating_thenStoredAsGiven() {
        Map<String, Object> body = company("nocurrency-" + UUID.randomUUID() + "@example.test");
        body.put("referenceCurrency", null);
        body.put("enabled", false);
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                .post("/operator/companies")
                .then().statusCode(201)
                .body("referenceCurrency", nullValue())
                .body("enabled", equalTo(false));
    }

    @Test
    void givenNoOrWrongOperatorToken_whenCreating_then401() {
        given().contentType(ContentType.JSON).body(company("x-" + UUID.randomUUID() + "@example.test"))
                .post("/operator/companies")
                .then().statusCode(401).body("code", equalTo(10002));
        given().auth().oauth2("not-the-token").contentType(ContentType.JSON)
                .body(company("x-" + UUID.randomUUID() + "@example.test"))
                .post("/operator/companies")
                .then().statusCode(401).body("code_name", equalTo("authentication_error"));
    }

    @Test
    void givenAdminJwt_whenCallingOperatorApi_then401() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(company("x-" + UUID.randomUUID() + "@example.test"))
                .post("/operator/companies")
                .then().statusCode(401);
    }

    @Test
    void givenInvalidFields_whenCreating_then422ListingEachField() {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "");
        body.put("referenceCurrency", "XXX");
        body.put("admin", Map.of("email", "not-an-email", "password", "short"));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                .post("/operator/companies")
                .then().statusCode(422)
                .body("code", equalTo(10001))
                .body("errors", hasKey("name"))
                .body("errors", hasKey("referenceCurrency"))
                .body("errors", hasKey("admin.email"))
                .body("errors", hasKey("admin.password"));
    }

    @Test
    void givenTakenAdminEmail_whenCreating_then409AndNoSecondCompany() {
        String email = "taken-" + UUID.randomUUID() + "@example.test";
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(company(email))
                .post("/operator/companies").then().statusCode(201);
        long companies = Sql.count("SELECT count(*) FROM companies");
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(company(email.toUpperCase()))
                .post("/operator/companies")
                .then().statusCode(409).body("code", equalTo(10009));
        assertThat(Sql.count("SELECT count(*) FROM companies")).isEqualTo(companies);
    }

    @Test
    void givenCompany_whenPatching_thenOnlyNamedFieldsChange() {
        Tenants.Company company = Tenants.company("USD");
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("enabled", false))
                .patch("/operator/companies/{id}", company.id())
                .then().statusCode(200)
                .body("enabled", equalTo(false))
                .body("referenceCurrency", equalTo("USD"));
        Map<String, Object> removeCurrency = new HashMap<>();
        removeCurrency.put("referenceCurrency", null);
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(removeCurrency)
                .patch("/operator/companies/{id}", company.id())
                .then().statusCode(200)
                .body("enabled", equalTo(false))
                .body("referenceCurrency", nullValue());
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON)
                .body(Map.of("referenceCurrency", "cop", "enabled", true))
                .patch("/operator/companies/{id}", company.id())
                .then().statusCode(200)
                .body("enabled", equalTo(true))
                .body("referenceCurrency", equalTo("COP"));
    }

    @Test
    void aCompanysTimeZoneIsSetAtCreationOrLaterAndOnlyAsARegion() {
        Map<String, Object> body = company("zoned-" + UUID.randomUUID() + "@example.test");
        body.put("timeZone", "America/Caracas");
        String companyId = given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                .post("/operator/companies")
                .then().statusCode(201).body("timeZone", equalTo("America/Caracas")).extract().path("companyId");
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("timeZone", "America/Bogota"))
                .patch("/operator/companies/{id}", companyId)
                .then().statusCode(200).body("timeZone", equalTo("America/Bogota")).body("referenceCurrency", equalTo("VES"));
        assertThat(Sql.text("SELECT time_zone FROM companies WHERE id = ?::uuid", companyId)).isEqualTo("America/Bogota");
        for (Object refused : new Object[] {"-05:00", "EST", "Mars/Olympus", 5, ""}) {
            given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("timeZone", refused))
                    .patch("/operator/companies/{id}", companyId)
                    .then().statusCode(422).body("code", equalTo(10001)).body("errors", hasKey("timeZone"));
        }
        body = company("badzone-" + UUID.randomUUID() + "@example.test");
        body.put("timeZone", "GMT+5");
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                .post("/operator/companies")
                .then().statusCode(422).body("errors", hasKey("timeZone"));
    }

    @Test
    void givenBadPatch_whenPatching_then4xxInEnvelope() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("name", "new"))
                .patch("/operator/companies/{id}", company.id())
                .then().statusCode(422).body("errors", hasKey("name"));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("enabled", "yes"))
                .patch("/operator/companies/{id}", company.id())
                .then().statusCode(422).body("errors", hasKey("enabled"));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("enabled", true))
                .patch("/operator/companies/{id}", UUID.randomUUID())
                .then().statusCode(404).body("code", equalTo(10004));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(Map.of("enabled", true))
                .patch("/operator/companies/{id}", "not-a-uuid")
                .then().statusCode(422).body("errors", hasKey("companyId"));
    }

    @Test
    void givenWhatsAppOrigin_whenRegistered_thenOwnedByOneCompanyOnly() {
        Tenants.Company owner = Tenants.company();
        Tenants.Company other = Tenants.company();
        String phoneNumberId = Long.toString(100_000_000_000L + (long) (Math.random() * 1_000_000_000L));
        Map<String, Object> origin = Map.of("phoneNumberId", phoneNumberId, "displayPhoneNumber", "+58 412 555 0101");

        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(origin)
                .post("/operator/companies/{id}/whatsapp-origins", owner.id())
                .then().statusCode(201)
                .body("phoneNumberId", equalTo(phoneNumberId))
                .body("companyId", equalTo(owner.id().toString()));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(origin)
                .post("/operator/companies/{id}/whatsapp-origins", owner.id())
                .then().statusCode(200);
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(origin)
                .post("/operator/companies/{id}/whatsapp-origins", other.id())
                .then().statusCode(409).body("code", equalTo(10009));
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(origin)
                .post("/operator/companies/{id}/whatsapp-origins", UUID.randomUUID())
                .then().statusCode(404);
        given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON)
                .body(Map.of("phoneNumberId", "abc", "displayPhoneNumber", ""))
                .post("/operator/companies/{id}/whatsapp-origins", owner.id())
                .then().statusCode(422)
                .body("errors", hasKey("phoneNumberId"))
                .body("errors", hasKey("displayPhoneNumber"));
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_origins WHERE phone_number_id = ?", phoneNumberId)).isEqualTo(1);
    }
}
