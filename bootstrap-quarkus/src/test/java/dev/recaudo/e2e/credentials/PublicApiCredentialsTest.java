package dev.recaudo.e2e.credentials;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Bearer-key scheme of the public invoice API, exercised through GET /v1/invoices. */
@QuarkusTest
class PublicApiCredentialsTest {

    private static final List<String> READ = List.of("public_invoices:read");

    @Test
    void givenValidKeyWithScope_whenListing_then200PageWithRateLimitHeaders() {
        Tenants.Key key = Tenants.company().key("erp", READ, "erp");
        given().auth().oauth2(key.secret()).get("/v1/invoices")
                .then().statusCode(200)
                .body("data.size()", equalTo(0))
                .body("current_page", equalTo(1))
                .body("last_page", equalTo(1))
                .body("per_page", equalTo(15))
                .body("total", equalTo(0))
                .body("from", nullValue())
                .body("to", nullValue())
                .header("X-RateLimit-Limit", "300")
                .header("X-RateLimit-Remaining", "299")
                .header("X-RateLimit-Reset", notNullValue());
    }

    @Test
    void givenMissingMalformedUnknownOrRevokedKey_whenListing_then401Code10002() {
        Tenants.Company company = Tenants.company();
        Tenants.Key revoked = company.key("old", READ, "erp");
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{k}", company.id(), revoked.id())
                .then().statusCode(204);

        for (Response response : List.of(
                given().get("/v1/invoices"),
                given().header("Authorization", "Basic dXNlcjpwYXNz").get("/v1/invoices"),
                given().auth().oauth2("not-a-key").get("/v1/invoices"),
                given().auth().oauth2("rk_live_" + "A".repeat(43)).get("/v1/invoices"),
                given().auth().oauth2(revoked.secret()).get("/v1/invoices"),
                given().header("X-API-Key", revoked.secret()).get("/v1/invoices"))) {
            response.then().statusCode(401)
                    .body("code", equalTo(10002))
                    .body("code_name", equalTo("authentication_error"))
                    .body("message", notNullValue())
                    .body("errors", aMapWithSize(0));
        }
    }

    @Test
    void givenKeyWithoutScope_whenListing_then403Code10005() {
        Tenants.Key key = Tenants.company().key("payments only", List.of("payments:read"), "erp");
        given().auth().oauth2(key.secret()).get("/v1/invoices")
                .then().statusCode(403)
                .body("code", equalTo(10005))
                .body("code_name", equalTo("forbidden"));
    }

    @Test
    void givenDisabledCompany_whenListing_then403Code10005() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("erp", READ, "erp");
        company.patch(Map.of("enabled", false));
        given().auth().oauth2(key.secret()).get("/v1/invoices")
                .then().statusCode(403).body("code", equalTo(10005));
        company.patch(Map.of("enabled", true));
        given().auth().oauth2(key.secret()).get("/v1/invoices").then().statusCode(200);
    }

    @Test
    void givenBadQuery_whenListing_then422ByParameter() {
        Tenants.Key key = Tenants.company().key("erp", READ, "erp");
        given().auth().oauth2(key.secret()).queryParam("page", "0").get("/v1/invoices")
                .then().statusCode(422).body("code", equalTo(10001)).body("errors", hasKey("page"));
        given().auth().oauth2(key.secret()).queryParam("per_page", "101").get("/v1/invoices")
                .then().statusCode(422).body("errors", hasKey("per_page"));
        given().auth().oauth2(key.secret()).queryParam("filter[status]", "OPEN").get("/v1/invoices")
                .then().statusCode(422).body("errors", hasKey("filter[status]"));
        given().auth().oauth2(key.secret()).queryParam("sort", "name").get("/v1/invoices")
                .then().statusCode(422).body("errors", hasKey("sort"));
    }

    @Test
    void givenLimitPerKeyMethodAndRoute_whenExceeded_then429WithRetryAfter() throws InterruptedException {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("busy", READ, "erp");
        Tenants.Key other = company.key("quiet", READ, "erp");
        Windows.awaitFreshMinute();
        for (int i = 1; i <= 300; i++) {
            given().auth().oauth2(key.secret()).get("/v1/invoices").then().statusCode(200);
        }
        Response limited = given().auth().oauth2(key.secret()).get("/v1/invoices");
        limited.then().statusCode(429)
                .body("code", equalTo(10029))
                .body("code_name", equalTo("rate_limit_error"))
                .header("X-RateLimit-Remaining", "0")
                .header("Retry-After", notNullValue());
        assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 60L);
        // Counted per key, method and route: another key, and another route of the same key, are unaffected.
        given().auth().oauth2(other.secret()).get("/v1/invoices").then().statusCode(200);
        given().auth().oauth2(key.secret()).get("/v1/invoices/{id}", java.util.UUID.randomUUID())
                .then().statusCode(404).header("X-RateLimit-Remaining", "299");
    }
}
