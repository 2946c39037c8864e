package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A path or query that decodes to a control character (U+0000 to U+001F, U+007F) is refused by the
 * first route handler, before any credential or resource is looked at, in the family's validation
 * envelope naming {@code path} or the parameter; nothing reaches the database and nothing is logged
 * as an error.
 */
@QuarkusTest
class ControlCharactersTest {

    @Test
    void givenControlCharacterInAnIntegrationsPathOrQuery_whenSent_then400NamingItAndNothingWritten() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("D-1", "C-1", "USD", 1000);
        try (LogCapture log = LogCapture.of("")) {
            for (String path : List.of("/collection-documents/a%00b", "/payments/a%00b", "/payments/P-1%0d%0aINFO%20forged",
                    "/audit/a%00b", "/customers/a%7Fb")) {
                assertIntegrationsRefusal(partner.get(path), "path");
            }
            assertIntegrationsRefusal(Integrations.signedPost(partner.key, partner.base + "/collection-documents/D%001/cancel",
                    "{}").header("Idempotency-Key", "k-1").urlEncodingEnabled(false)
                    .post(partner.base + "/collection-documents/D%001/cancel"), "path");
            assertIntegrationsRefusal(partner.get("/collection-documents", "externalDocumentId=a%00b"), "externalDocumentId");
            assertIntegrationsRefusal(partner.get("/customers", "limit=5&search=%00"), "search");
            assertIntegrationsRefusal(partner.get("/payments", "source=acme%0Aerp"), "source");
            log.assertNoErrorLogged();
        }
        partner.get("/collection-documents/D-1").then().statusCode(200).body("status", equalTo("open"));
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND actor_kind = 'api_key'",
                partner.key.company().id())).as("only the document upsert was audited among the partner's writes").isEqualTo(1);
    }

    @Test
    void givenControlCharacterInAPublicOrAdministrationPathOrQuery_whenSent_then422NamingIt() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        try (LogCapture log = LogCapture.of("")) {
            RequestSpecification withKey = given().auth().oauth2(key.secret()).urlEncodingEnabled(false);
            assertPublicRefusal(withKey.get("/v1/invoices/a%00b"), "path");
            assertPublicRefusal(withKey.get("/v1/invoices?sort=%0a"), "sort");
            assertPublicRefusal(given().auth().oauth2(key.company().adminToken()).urlEncodingEnabled(false)
                    .delete("/companies/" + key.company().id() + "/api-keys/a%00b"), "path");
            assertPublicRefusal(given().urlEncodingEnabled(false).get("/nowhere%1F"), "path");
            log.assertNoErrorLogged();
        }
    }

    @Test
    void givenControlCharacterInAnExternalPaymentsOrCheckoutPathOrQuery_whenSent_then400InTheStatusEnvelope() {
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:read", "checkout:write"), "shop");
        String product = "/checkout/company/" + key.company().id() + "/product/sku/a%00b";
        Envelopes.assertStatus(given().header("X-API-Key", key.secret()).urlEncodingEnabled(false).get(product), 400, product);
        Envelopes.assertStatus(given().header("X-API-Key", key.secret()).urlEncodingEnabled(false)
                .get("/external/payments?limit=%00"), 400, "/external/payments");
    }

    private static void assertIntegrationsRefusal(Response response, String part) {
        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message")).startsWith(part + " must not contain control characters");
    }

    private static void assertPublicRefusal(Response response, String part) {
        Envelopes.assertPublic(response, 422, 10001);
        assertThat(response.jsonPath().getMap("errors")).containsOnlyKeys(part);
    }
}
