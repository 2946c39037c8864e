package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * A path is routed and signed exactly as sent: dot segments and matrix parameters, which the server
 * would resolve or drop before routing, are refused at the edge in the family's envelope, and the ids
 * that become path segments cannot hold what such a path would need.
 */
@QuarkusTest
class PlainPathsTest {

    @Test
    void givenDotSegmentsInAPath_whenSent_thenRefusedBeforeAnyRouteAndNoMetricsAreReached() {
        for (String path : new String[] {"/v1/%2e%2e/q/metrics", "/v1/.%2e/q/health", "/v1/invoices/%2E/x"}) {
            Response response = given().urlEncodingEnabled(false).get(path);
            Envelopes.assertPublic(response, 422, 10001);
            assertThat(response.jsonPath().getMap("errors")).containsOnlyKeys("path");
        }
    }

    @Test
    void givenMatrixParametersInAnIntegrationsPath_whenSent_then400AndTheDocumentIsNotTouched() {
        Partner partner = Partner.create();
        partner.createDocument("D5", "C-1", "USD", 1000);

        Envelopes.assertIntegrations(partner.get("/customers;x=1"), 400, "validation_error");
        String cancel = partner.base + "/collection-documents/D5;v=2/cancel";
        Response refused = Integrations.signedPost(partner.key, cancel, "").header("Idempotency-Key", "k-1")
                .urlEncodingEnabled(false).post(cancel);
        Envelopes.assertIntegrations(refused, 400, "validation_error");
        assertThat(refused.jsonPath().getString("error.message")).startsWith("path must not contain");

        partner.get("/collection-documents/D5").then().statusCode(200).body("status", equalTo("open"));
    }

    @Test
    void givenDocumentIdsAPathCannotCarryOrReservedForPublicInvoices_whenUpserting_then400OnExternalDocumentId() {
        Partner partner = Partner.create();
        for (String id : new String[] {"N;v=2", "..", "x-idempotency:PRE-1"}) {
            Response response = partner.post("/collection-documents/upsert", Partner.document(id, "C-1", "USD", 1000));
            Envelopes.assertIntegrations(response, 400, "validation_error");
            assertThat(response.jsonPath().getString("error.message")).as(id).contains("externalDocumentId must not");
        }
    }

    @Test
    void givenDateTimeFinerThanAMicrosecond_whenUpserting_thenKeptToTheMicrosecondInsteadOfRoundingIntoYear10000() {
        Partner partner = Partner.create();
        String body = Partner.document("LATE-1", "C-1", "USD", 1000);
        body = body.substring(0, body.length() - 1) + ",\"issueDate\":\"9999-12-31T23:59:59.9999999Z\"}";

        partner.post("/collection-documents/upsert", body).then().statusCode(201)
                .body("issueDate", equalTo("9999-12-31T23:59:59.999999Z"));
    }
}
