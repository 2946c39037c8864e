package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Hostile and careless input, family by family: every case is a 4xx in the family's own envelope,
 * never a 500 and never a stack trace.
 */
@QuarkusTest
class BadInputTest {

    private static final String MIB_PLUS_ONE = "{\"name\":\"" + "x".repeat(1024 * 1024) + "\"}";

    private static void assertNoLeak(Response response) {
        assertThat(response.statusCode()).isBetween(400, 499);
        assertThat(response.asString()).doesNotContain("Exception").doesNotContain("at dev.recaudo").doesNotContain("jackson");
    }

    private static void assertPublicEnvelope(Response response, int status) {
        assertNoLeak(response);
        response.then().statusCode(status);
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("message", "code", "code_name", "errors");
    }

    private static void assertIntegrationsEnvelope(Response response, int status, String code) {
        assertNoLeak(response);
        response.then().statusCode(status).body("error.code", equalTo(code));
        assertThat(response.jsonPath().getMap("error")).containsOnlyKeys("code", "message", "requestId");
    }

    private static void assertStatusEnvelope(Response response, int status) {
        assertNoLeak(response);
        response.then().statusCode(status).body("statusCode", equalTo(status));
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
    }

    @Test
    void givenPublicFamily_whenInputIsBad_thenPublicEnvelope() {
        assertPublicEnvelope(given().contentType(ContentType.JSON).body(MIB_PLUS_ONE).post("/v1/invoices"), 413);
        assertPublicEnvelope(given().get("/v1/nothing-here"), 404);
        assertPublicEnvelope(given().delete("/v1/invoices/" + UUID.randomUUID() + "/nothing"), 404);
        Tenants.Key key = dev.recaudo.e2e.support.Invoices.liveKey(Tenants.company());
        String id = dev.recaudo.e2e.support.Invoices.create(key).getString("id");
        io.restassured.specification.RequestSpecification post = given().auth().oauth2(key.secret())
                .header("x-idempotency", UUID.randomUUID().toString());
        assertPublicEnvelope(post.contentType(ContentType.JSON).body("{\"reference\":").post("/v1/invoices"), 422);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).header("x-idempotency", "k1")
                .contentType(ContentType.XML).body("<invoice/>").post("/v1/invoices"), 415);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).header("x-idempotency", "k2")
                .contentType(ContentType.JSON).body("[]").post("/v1/invoices"), 422);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).header("x-idempotency", "k3")
                .contentType(ContentType.JSON).body("{\"reference\":1,\"provider\":true,\"amount\":\"20\",\"name\":[]}")
                .post("/v1/invoices"), 422);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).contentType(ContentType.JSON)
                .body("{\"reference\":\"V-12.345.678\",\"amount\":20,\"name\":\"Factura\",\"colour\":\"red\"}")
                .put("/v1/invoices/{id}", id), 422);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).get("/v1/invoices/not-a-uuid"), 404);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body("{\"reason\":")
                .delete("/v1/invoices/{id}", id), 422);
        assertPublicEnvelope(given().auth().oauth2(key.secret()).patch("/v1/invoices/{id}", id), 405);
        given().auth().oauth2(key.secret()).get("/v1/invoices/{id}", id).then().statusCode(200).body("status",
                org.hamcrest.Matchers.equalTo("CREATED"));
    }

    @Test
    void givenAdministrationFamily_whenBodyIsBad_thenPublicStyleEnvelope() {
        Tenants.Company company = Tenants.company();
        String keys = "/companies/" + company.id() + "/api-keys";
        assertPublicEnvelope(given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("{\"name\":").post(keys), 422);
        assertPublicEnvelope(given().auth().oauth2(company.adminToken()).contentType(ContentType.TEXT)
                .body("name=x").post(keys), 415);
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("{\"name\":\"k\",\"owner\":\"me\"}").post(keys)
                .then().statusCode(422).body("errors", hasKey("owner"));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("{\"name\":\"k\",\"rateLimitRpm\":\"sixty\"}").post(keys)
                .then().statusCode(422).body("errors", hasKey("rateLimitRpm"));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("{\"name\":\"k\",\"rateLimitRpm\":1.5}").post(keys)
                .then().statusCode(422).body("errors", hasKey("rateLimitRpm"));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("{\"name\":7}").post(keys)
                .then().statusCode(422).body("errors", hasKey("name"));
        assertPublicEnvelope(given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body("[1,2]").post(keys), 422);
        assertPublicEnvelope(given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(MIB_PLUS_ONE).post(keys), 413);
        assertPublicEnvelope(given().auth().oauth2(company.adminToken())
                .delete(keys + "/12345"), 422);
        assertPublicEnvelope(given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON)
                .body("{\"name\": \"a\", \"name\": \"b\"}").post("/operator/companies"), 422);
        assertPublicEnvelope(given().auth().oauth2(company.adminToken()).put(keys), 405);
    }

    @Test
    void givenIntegrationsFamily_whenBodyIsBad_thenIntegrationsEnvelope() {
        Tenants.Key key = Tenants.company().key("partner", List.of("customers:read", "customers:write"), "acme-erp");
        String path = Integrations.customersPath(key) + "/upsert";
        assertIntegrationsEnvelope(Integrations.post(key, path, "{\"source\":"), 400, "invalid_json");
        assertIntegrationsEnvelope(Integrations.post(key, path,
                "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c\",\"name\":\"n\",\"nickname\":\"x\"}"), 400, "validation_error");
        assertIntegrationsEnvelope(Integrations.post(key, path,
                "{\"source\":\"acme-erp\",\"externalCustomerId\":12,\"name\":\"n\"}"), 400, "validation_error");
        assertIntegrationsEnvelope(Integrations.post(key, path, "\"just a string\""), 400, "invalid_json");
        assertIntegrationsEnvelope(Integrations.post(key, path, ""), 400, "validation_error");
        assertIntegrationsEnvelope(given().contentType(ContentType.JSON).body(MIB_PLUS_ONE).post(path), 413, "payload_too_large");
        String timestamp = Signer.now();
        assertIntegrationsEnvelope(given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path, "a=b"))
                .header("Idempotency-Key", "k")
                .contentType(ContentType.URLENC).body("a=b").post(path), 415, "unsupported_media_type");
        assertIntegrationsEnvelope(Integrations.get(key, "/integrations/v1/not-a-uuid/customers"), 400, "validation_error");
        assertIntegrationsEnvelope(given().get("/integrations/v1/" + UUID.randomUUID() + "/nothing"), 404, "not_found");
    }

    @Test
    void givenExternalAndCheckoutFamilies_whenInputIsBad_thenStatusEnvelope() {
        assertStatusEnvelope(given().contentType(ContentType.JSON).body(MIB_PLUS_ONE).post("/external/payments"), 413);
        assertStatusEnvelope(given().get("/external/nothing"), 404);
        assertStatusEnvelope(given().contentType(ContentType.JSON).body(MIB_PLUS_ONE).post("/checkout/token"), 413);
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:read"), "shop");
        assertStatusEnvelope(given().header("X-API-Key", key.secret()).queryParam("page", "-1").get("/external/payments"), 400);
        assertStatusEnvelope(given().header("X-API-Key", key.secret()).delete("/external/payments"), 405);
    }
}
