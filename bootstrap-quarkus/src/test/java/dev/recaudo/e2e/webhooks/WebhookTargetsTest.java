package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With private targets not allowed (the production default), registration refuses unsafe URLs. */
@QuarkusTest
@TestProfile(WebhookTargetsTest.ProductionTargets.class)
class WebhookTargetsTest {

    public static class ProductionTargets implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.webhooks.allow-private-targets", "false");
        }
    }

    @Test
    void givenUnsafeTargets_whenRegistering_then422OnUrl() {
        Tenants.Company company = Tenants.company();
        for (String url : List.of("http://93.184.216.34/hook", "https://127.0.0.1/hook", "https://localhost/hook",
                "https://10.1.2.3/hook", "https://192.168.0.10/hook", "https://169.254.169.254/latest/meta-data",
                "https://[::1]/hook", "ftp://93.184.216.34/hook")) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("url", url))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(422).body("errors", hasKey("url"));
        }
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://93.184.216.34/hook"))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(201);
    }
}
