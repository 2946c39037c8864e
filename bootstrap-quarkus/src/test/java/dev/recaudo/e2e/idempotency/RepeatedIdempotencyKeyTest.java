package dev.recaudo.e2e.idempotency;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 6: a write that carries its idempotency header twice was processed under the first
 * value. Which one the client meant is a guess, so each family answers its validation error naming
 * the header, and nothing is written.
 */
@QuarkusTest
class RepeatedIdempotencyKeyTest {

    @Test
    void givenTwoXIdempotencyHeaders_whenCreatingAnInvoice_then422NamingTheHeaderAndNothingCreated() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Response response = given().auth().oauth2(key.secret()).contentType(ContentType.JSON)
                .header("x-idempotency", "first-" + UUID.randomUUID()).header("x-idempotency", "second-" + UUID.randomUUID())
                .body(Invoices.body()).post("/v1/invoices");

        Envelopes.assertPublic(response, 422, 10001);
        assertThat(response.jsonPath().getMap("errors")).containsOnlyKeys("x-idempotency");
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", key.company().id())).isZero();
    }

    @Test
    void givenTwoIdempotencyKeyHeaders_whenUpsertingADocument_then400ValidationErrorAndNothingStored() {
        Partner partner = Partner.create();
        String path = "/integrations/v1/" + partner.key.company().id() + "/collection-documents/upsert";
        String body = Partner.document("TWICE-1", "C-1", "USD", 1000);
        Response response = Integrations.signedPost(partner.key, path, body)
                .header("Idempotency-Key", UUID.randomUUID().toString()).header("Idempotency-Key", UUID.randomUUID().toString())
                .post(path);

        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message")).startsWith("Idempotency-Key must be sent once");
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", partner.key.company().id()))
                .isZero();
    }

    @Test
    void givenTwoIdempotencyKeyHeaders_whenCreatingAnExternalPayment_then400InTheStatusEnvelopeAndNothingCreated() {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "payments", "environment", "test",
                "permissions", List.of("payments:create", "payments:read")));
        Response response = given().header("X-API-Key", key.secret()).contentType(ContentType.JSON)
                .header("Idempotency-Key", UUID.randomUUID().toString()).header("Idempotency-Key", UUID.randomUUID().toString())
                .body(Map.of("amountMinor", 500, "currency", "USD")).post("/external/payments");

        Envelopes.assertStatus(response, 400, "/external/payments");
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", key.company().id())).isZero();
    }

    /**
     * Review F15: two keys folded into one line by a proxy ({@code a, b}) are no UUID v4, the shape
     * external payments' key must have, so they are refused like two headers.
     */
    @Test
    void givenTwoIdempotencyKeysFoldedIntoOneLine_whenCreatingAnExternalPayment_then400AndNothingCreated() {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "payments", "environment", "test",
                "permissions", List.of("payments:create", "payments:read")));
        Response response = given().header("X-API-Key", key.secret()).contentType(ContentType.JSON)
                .header("Idempotency-Key", UUID.randomUUID() + ", " + UUID.randomUUID())
                .body(Map.of("amountMinor", 500, "currency", "USD")).post("/external/payments");

        Envelopes.assertStatus(response, 400, "/external/payments");
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", key.company().id())).isZero();
    }

    /**
     * Review F15: where the key is any string (the public and integrations APIs), a comma is part of
     * it, so a line {@code a, b} names one write as a whole, never by its first part: sent again it
     * replays, and {@code a} alone is another write (docs/decisions.md, "An idempotency header sent twice").
     */
    @Test
    void givenAKeyWithAComma_whenCreatingAnInvoice_thenTheWholeValueIsTheKey() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String first = "first-" + UUID.randomUUID();
        String folded = first + ", second-" + UUID.randomUUID();

        String created = Invoices.post(key, Invoices.body(), folded).then().statusCode(201).extract().path("id");
        Response again = Invoices.post(key, Invoices.body(), folded);
        Response firstPartAlone = Invoices.post(key, Invoices.body(), first);

        assertThat(again.statusCode()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.jsonPath().getString("id")).isEqualTo(created);
        assertThat(firstPartAlone.statusCode()).isEqualTo(201);
        assertThat(firstPartAlone.jsonPath().getString("id")).isNotEqualTo(created);
    }

    @Test
    void givenOneHeaderOfEachFamily_whenCreatingAnInvoice_thenCreatedAsUsual() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON)
                .header("x-idempotency", "only-" + UUID.randomUUID()).header("Idempotency-Key", UUID.randomUUID().toString())
                .body(Invoices.body()).post("/v1/invoices")
                .then().statusCode(201);
    }
}
