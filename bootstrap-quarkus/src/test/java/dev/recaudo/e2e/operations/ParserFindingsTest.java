package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The bodies the request parsers' fuzz targets found (adapter-rest, *RequestsFuzzTest, kept in their
 * seed corpus) sent over HTTP to an endpoint of each family: each is a 4xx in the family's envelope.
 */
@QuarkusTest
class ParserFindingsTest {

    /** What each finding is; the bytes are exactly as the fuzzer found them. */
    private static final List<byte[]> FINDINGS = List.of(
            // Three zero bytes then a character: Jackson reads the body as UTF-32 and finds it cut short.
            new byte[] {0, 0, 0, '0', '['});

    private static void assertClientError(Response response) {
        assertThat(response.statusCode()).as(response.asString()).isBetween(400, 499);
        assertThat(response.asString()).doesNotContain("Exception").doesNotContain("jackson");
    }

    @Test
    void givenTheFindings_whenPostedToThePublicInvoiceApi_then422InItsEnvelope() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        for (byte[] body : FINDINGS) {
            Response created = given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString())
                    .contentType(ContentType.JSON).body(body).post("/v1/invoices");
            assertClientError(created);
            Envelopes.assertPublic(created, 422, 10001);
            Response replaced = given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(body)
                    .put("/v1/invoices/{id}", id);
            assertClientError(replaced);
            Envelopes.assertPublic(replaced, 422, 10001);
            Response deleted = given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(body)
                    .delete("/v1/invoices/{id}", id);
            assertClientError(deleted);
            Envelopes.assertPublic(deleted, 422, 10001);
        }
        given().auth().oauth2(key.secret()).get("/v1/invoices/{id}", id).then().statusCode(200);
    }

    @Test
    void givenTheFindings_whenPostedToAdministrationAndOperator_then422InThePublicEnvelope() {
        Tenants.Company company = Tenants.company();
        for (byte[] body : FINDINGS) {
            Response key = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(body)
                    .post("/companies/{id}/api-keys", company.id());
            assertClientError(key);
            Envelopes.assertPublic(key, 422, 10001);
            Response onboarded = given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                    .post("/operator/companies");
            assertClientError(onboarded);
            Envelopes.assertPublic(onboarded, 422, 10001);
        }
    }

    @Test
    void givenTheFindings_whenSignedAndPostedToTheIntegrationsApi_then400InItsEnvelope() {
        Tenants.Key key = Tenants.company().key("partner", List.of("customers:write"), "acme-erp");
        String path = Integrations.customersPath(key) + "/upsert";
        for (byte[] body : FINDINGS) {
            String timestamp = Signer.now();
            Response upserted = given().auth().oauth2(key.secret())
                    .header("Service-Timestamp", timestamp)
                    .header("Service-Signature",
                            Signer.sign(key.secret(), timestamp, "POST", path, new String(body, StandardCharsets.UTF_8)))
                    .header("Idempotency-Key", UUID.randomUUID().toString())
                    .contentType(ContentType.JSON).body(body).post(path);
            assertClientError(upserted);
            Envelopes.assertIntegrations(upserted, 400, "invalid_json");
        }
    }

    @Test
    void givenTheFindings_whenPostedToExternalPayments_then400InTheStatusEnvelope() {
        Tenants.Key key = Tenants.company().key("shop", List.of("payments:create"), "shop");
        for (byte[] body : FINDINGS) {
            Response created = given().header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString())
                    .contentType(ContentType.JSON).body(body).post("/external/payments/direct");
            assertClientError(created);
            Envelopes.assertStatus(created, 400, "/external/payments/direct");
        }
    }
}
