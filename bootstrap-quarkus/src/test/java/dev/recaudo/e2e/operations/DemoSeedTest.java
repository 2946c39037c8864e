package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.bootstrap.DemoSeed;
import dev.recaudo.e2e.support.SeedPrintout;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class DemoSeedTest {

    private static final String SEEDED_KEYS = "FROM api_keys k JOIN admin_users a ON a.company_id = k.company_id"
            + " WHERE a.email = 'demo-admin@recaudo.local' AND k.environment = ?";

    @Inject
    DemoSeed seed;

    @Test
    void givenDemoSeed_whenRunTwice_thenFourWorkingTestKeysPrintedOnceAsExportsAndAKeySlotLeft() {
        Map<String, String> exports = SeedPrintout.exports(SeedPrintout.capture(seed::seed));

        assertThat(exports).containsOnlyKeys("BASE", "COMPANY_ID", "ADMIN_EMAIL", "ADMIN_PASSWORD",
                "PUBLIC_KEY", "INTEGRATIONS_KEY", "EXTERNAL_KEY", "CHECKOUT_KEY");
        assertThat(List.of("PUBLIC_KEY", "INTEGRATIONS_KEY", "EXTERNAL_KEY", "CHECKOUT_KEY"))
                .allSatisfy(name -> assertThat(exports.get(name)).startsWith("rk_test_"));
        // No public base URL is configured: BASE is this instance, on the port it listens on, not 8080.
        assertThat(exports.get("BASE")).isEqualTo("http://localhost:" + RestAssured.port);
        given().auth().oauth2(exports.get("PUBLIC_KEY")).get(exports.get("BASE") + "/v1/invoices").then().statusCode(200);
        given().header("X-API-Key", exports.get("EXTERNAL_KEY")).get("/external/payments").then().statusCode(200);
        // The sandbox controls take the key at once: an unknown checkout is 404, where a live key gets 403.
        given().auth().oauth2(exports.get("PUBLIC_KEY"))
                .post("/sandbox/checkouts/{checkoutId}/complete", UUID.randomUUID())
                .then().statusCode(404);

        assertThat(SeedPrintout.capture(seed::seed)).doesNotContain("rk_");
        assertThat(Sql.count("SELECT count(*) " + SEEDED_KEYS, "test")).isEqualTo(4);
        assertThat(Sql.count("SELECT count(*) " + SEEDED_KEYS, "live")).isZero();
        // Four of the company's five active keys: the administrator can still issue a live one.
        String adminToken = Tenants.login(exports.get("ADMIN_EMAIL"), exports.get("ADMIN_PASSWORD"));
        given().auth().oauth2(adminToken).contentType(ContentType.JSON)
                .body(Map.of("name", "first live key", "source", "demo-erp", "environment", "live"))
                .post("/companies/{companyId}/api-keys", exports.get("COMPANY_ID"))
                .then().statusCode(201);
    }
}
