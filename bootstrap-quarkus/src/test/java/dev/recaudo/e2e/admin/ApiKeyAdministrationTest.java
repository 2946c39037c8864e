package dev.recaudo.e2e.admin;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ApiKeyAdministrationTest {

    @Test
    void givenAdmin_whenCreatingKey_thenFullKeyOnceAndHashOnlyStored() throws Exception {
        Tenants.Company company = Tenants.company();
        JsonPath created = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("name", "ERP sync", "permissions", List.of("public_invoices:read", "public_invoices:write"),
                        "source", "acme-erp", "environment", "test", "rateLimitRpm", 120))
                .post("/companies/{id}/api-keys", company.id())
                .then().statusCode(201)
                .body("key", matchesPattern("^rk_test_[0-9A-Za-z]{43}$"))
                .body("name", equalTo("ERP sync"))
                .body("environment", equalTo("test"))
                .body("source", equalTo("acme-erp"))
                .body("rateLimitRpm", equalTo(120))
                .body("permissions", contains("public_invoices:read", "public_invoices:write"))
                .body("createdAt", notNullValue())
                .extract().jsonPath();
        String key = created.getString("key");
        assertThat(created.getString("keyPrefix")).isEqualTo(key.substring(0, 12));

        String list = given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200)
                .body("[0].keyPrefix", equalTo(key.substring(0, 12)))
                .body("[0]", not(hasKey("key")))
                .extract().asString();
        assertThat(list).doesNotContain(key).doesNotContain(key.substring(12)).doesNotContain(sha256Hex(key));
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE key_hash = encode(sha256(?::bytea), 'hex')", key)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE key_hash LIKE ?", "%" + key.substring(12) + "%")).isZero();
    }

    private static String sha256Hex(String text) throws Exception {
        return java.util.HexFormat.of().formatHex(
                java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Test
    void givenDefaults_whenCreatingKey_thenLiveWithDefaultPermissionsAndLimit() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("name", "default"))
                .post("/companies/{id}/api-keys", company.id())
                .then().statusCode(201)
                .body("key", matchesPattern("^rk_live_[0-9A-Za-z]{43}$"))
                .body("environment", equalTo("live"))
                .body("permissions", contains("payments:create", "payments:read"))
                .body("rateLimitRpm", equalTo(60));
    }

    @Test
    void givenInvalidKeyRequest_whenCreating_then422PerField() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("name", "", "permissions", List.of("root"), "environment", "prod", "rateLimitRpm", 0,
                        "source", "x".repeat(65)))
                .post("/companies/{id}/api-keys", company.id())
                .then().statusCode(422)
                .body("errors", hasKey("name"))
                .body("errors", hasKey("permissions"))
                .body("errors", hasKey("environment"))
                .body("errors", hasKey("rateLimitRpm"))
                .body("errors", hasKey("source"));
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenRevokedKey_whenUsedOnItsVeryNextRequest_then401() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("reader", List.of("payments:read"), "erp");
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(200);

        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), key.id())
                .then().statusCode(204);

        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(401);
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void givenRevokedKey_whenRevokedAgain_then204AndTheRevocationTimeStays() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("reader", List.of("payments:read"), "erp");
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), key.id())
                .then().statusCode(204);
        String revokedAt = Sql.text("SELECT revoked_at::text FROM api_keys WHERE id = ?", key.id());

        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), key.id())
                .then().statusCode(204);

        assertThat(Sql.text("SELECT revoked_at::text FROM api_keys WHERE id = ?", key.id())).isEqualTo(revokedAt);
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(401);
    }

    @Test
    void givenRevokedKeyOfAnotherCompany_whenRevoking_then404() {
        Tenants.Company owner = Tenants.company();
        Tenants.Key key = owner.key("reader", List.of("payments:read"), "erp");
        given().auth().oauth2(owner.adminToken()).delete("/companies/{id}/api-keys/{keyId}", owner.id(), key.id())
                .then().statusCode(204);
        Tenants.Company intruder = Tenants.company();

        given().auth().oauth2(intruder.adminToken()).delete("/companies/{id}/api-keys/{keyId}", intruder.id(), key.id())
                .then().statusCode(404).body("code", equalTo(10004));
    }

    @Test
    void givenKey_whenRotated_thenOldRefusedAndNewCarriesSameSpec() {
        Tenants.Company company = Tenants.company();
        Tenants.Key old = company.createKey(Map.of("name", "ERP", "permissions", List.of("payments:read", "checkout:write"),
                "source", "erp-1", "environment", "test", "rateLimitRpm", 33));

        JsonPath rotated = given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/api-keys/{keyId}/rotate", company.id(), old.id())
                .then().statusCode(201)
                .body("name", equalTo("ERP"))
                .body("permissions", contains("checkout:write", "payments:read"))
                .body("source", equalTo("erp-1"))
                .body("environment", equalTo("test"))
                .body("rateLimitRpm", equalTo(33))
                .body("key", matchesPattern("^rk_test_[0-9A-Za-z]{43}$"))
                .extract().jsonPath();
        assertThat(rotated.getString("id")).isNotEqualTo(old.id().toString());
        assertThat(rotated.getString("key")).isNotEqualTo(old.secret());

        given().header("X-API-Key", old.secret()).get("/external/payments").then().statusCode(401);
        given().header("X-API-Key", rotated.getString("key")).get("/external/payments").then().statusCode(200);
        given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/api-keys/{keyId}/rotate", company.id(), old.id())
                .then().statusCode(404);
    }

    @Test
    void givenFiveActiveKeys_whenCreatingSixth_thenRefusedAndNothingWritten() {
        Tenants.Company company = Tenants.company();
        for (int i = 0; i < 5; i++) {
            company.key("key-" + i, List.of("payments:read"), "erp");
        }
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("name", "sixth"))
                .post("/companies/{id}/api-keys", company.id())
                .then().statusCode(409)
                .body("code", equalTo(10009))
                .body("errors", hasKey("apiKeys"));
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isEqualTo(5);

        String firstKeyId = given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().extract().path("[0].id");
        given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/api-keys/{keyId}/rotate", company.id(), firstKeyId)
                .then().statusCode(201);
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), firstKeyId)
                .then().statusCode(204);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ? AND revoked_at IS NULL", company.id()))
                .isEqualTo(5);
    }

    @Test
    void givenConcurrentCreates_whenRacing_thenExactlyFiveActive() throws Exception {
        Tenants.Company company = Tenants.company();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> creates = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                String name = "race-" + i;
                creates.add(() -> given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                        .body(Map.of("name", name))
                        .post("/companies/{id}/api-keys", company.id())
                        .statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(creates)) {
                statuses.add(status.get());
            }
            assertThat(statuses).filteredOn(s -> s == 201).hasSize(5);
            assertThat(statuses).filteredOn(s -> s == 409).hasSize(7);
        } finally {
            pool.shutdown();
        }
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ? AND revoked_at IS NULL", company.id()))
                .isEqualTo(5);
    }

    @Test
    void givenKeyUsed_whenListing_thenLastUsedAtRecorded() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("reader", List.of("payments:read"), "erp");
        given().header("X-API-Key", key.secret()).get("/external/payments").then().statusCode(200);
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200).body("[0].lastUsedAt", notNullValue());
    }

    @Test
    void givenUnknownOrMalformedKeyId_whenRevoking_then404Or422() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), UUID.randomUUID())
                .then().statusCode(404).body("code", equalTo(10004));
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{keyId}", company.id(), "nope")
                .then().statusCode(422).body("errors", hasKey("keyId"));
    }
}
