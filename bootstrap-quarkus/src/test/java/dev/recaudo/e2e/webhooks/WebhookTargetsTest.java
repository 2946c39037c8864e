package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Sql;
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

    /**
     * Addresses that lead to loopback or the metadata service through IPv6 (6to4, IPv4-translated),
     * Teredo, and IANA special-purpose ranges that are not globally reachable.
     */
    @Test
    void givenEmbeddedOrSpecialPurposeAddresses_whenRegistering_then422OnUrlAndNothingStored() {
        Tenants.Company company = Tenants.company();
        for (String url : List.of("https://[2002:7f00:1::]/h", "https://[2002:a9fe:a9fe::]/h", "https://[::ffff:0:7f00:1]/h",
                "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h", "https://192.0.0.1/h", "https://198.18.0.1/h")) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("url", url))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(422).body("errors", hasKey("url"));
        }
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE company_id = ?", company.id())).isZero();
    }

    /** External payment callbacks pass the same policy: refused with 400 in the external payments envelope. */
    @Test
    void givenUnsafeCallbackUrls_whenCreatingExternalPayments_then400AndNothingStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "shop", "environment", "test"));
        for (String url : List.of("http://93.184.216.34/hook", "https://127.0.0.1/hook", "https://localhost/hook",
                "https://2130706433/hook", "https://0x7f000001/hook", "https://017700000001/hook",
                "https://[::ffff:127.0.0.1]/hook", "https://10.1.2.3/hook", "https://100.64.0.1/hook",
                "https://169.254.169.254/latest/meta-data", "https://[fe80::1]/hook")) {
            Envelopes.assertStatus(ExternalPayments.post(key, "/external/payments",
                    Map.of("amountMinor", 100, "currency", "USD", "callbackUrl", url)), 400, "/external/payments");
        }
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", company.id())).isZero();
        ExternalPayments.post(key, "/external/payments",
                Map.of("amountMinor", 100, "currency", "USD", "callbackUrl", "https://93.184.216.34/hook"))
                .then().statusCode(201);
    }
}
