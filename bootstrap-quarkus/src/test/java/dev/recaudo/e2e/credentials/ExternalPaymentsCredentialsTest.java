package dev.recaudo.e2e.credentials;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The X-API-Key scheme of the external payments API, through GET /external/payments. */
@QuarkusTest
class ExternalPaymentsCredentialsTest {

    static void assertEnvelope(Response response, int status, String error) {
        response.then().statusCode(status)
                .body("statusCode", equalTo(status))
                .body("error", equalTo(error))
                .body("message", notNullValue())
                .body("timestamp", notNullValue())
                .body("path", equalTo("/external/payments"));
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
    }

    @Test
    void givenValidKey_whenListing_then200Page() {
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:read"), "shop");
        given().header("X-API-Key", key.secret()).get("/external/payments")
                .then().statusCode(200)
                .body("payments.size()", equalTo(0))
                .body("total", equalTo(0))
                .body("page", equalTo(1))
                .body("limit", equalTo(20));
    }

    @Test
    void givenMissingUnknownOrBearerOnlyKey_whenListing_then401() {
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:read"), "shop");
        assertEnvelope(given().get("/external/payments"), 401, "Unauthorized");
        assertEnvelope(given().header("X-API-Key", "rk_live_" + "C".repeat(43)).get("/external/payments"), 401, "Unauthorized");
        assertEnvelope(given().auth().oauth2(key.secret()).get("/external/payments"), 401, "Unauthorized");
    }

    @Test
    void givenMissingPermissionOrDisabledCompany_whenListing_then403() {
        Tenants.Company company = Tenants.company();
        Tenants.Key creator = company.key("creator", List.of("payments:create"), "shop");
        assertEnvelope(given().header("X-API-Key", creator.secret()).get("/external/payments"), 403, "Forbidden");
        Tenants.Key reader = company.key("reader", List.of("payments:read"), "shop");
        company.patch(Map.of("enabled", false));
        assertEnvelope(given().header("X-API-Key", reader.secret()).get("/external/payments"), 403, "Forbidden");
    }

    @Test
    void givenKeyRateLimitRpm_whenExceeded_then429() throws InterruptedException {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "slow", "permissions", List.of("payments:read"),
                "rateLimitRpm", 3));
        Windows.awaitFreshMinute();
        for (int i = 0; i < 3; i++) {
            given().header("X-API-Key", key.secret()).get("/external/payments")
                    .then().statusCode(200).header("X-RateLimit-Limit", "3");
        }
        Response limited = given().header("X-API-Key", key.secret()).get("/external/payments");
        assertEnvelope(limited, 429, "Too Many Requests");
        assertThat(limited.header("Retry-After")).isNotNull();
    }

    @Test
    void givenBadPaging_whenListing_then400() {
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:read"), "shop");
        assertEnvelope(given().header("X-API-Key", key.secret()).queryParam("limit", "0").get("/external/payments"),
                400, "Bad Request");
        assertEnvelope(given().header("X-API-Key", key.secret()).queryParam("page", "x").get("/external/payments"),
                400, "Bad Request");
    }
}
