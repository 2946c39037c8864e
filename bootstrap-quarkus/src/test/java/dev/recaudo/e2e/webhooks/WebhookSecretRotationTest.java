package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StoredSecrets;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.secret.SecretColumn;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Rotating an endpoint's secret, end to end: the deliveries a real receiver gets carry the old
 * secret's signature, then both during the overlap, then the new one's alone.
 */
@QuarkusTest
class WebhookSecretRotationTest {

    private static final String ROTATE = "/companies/{c}/webhook-endpoints/{e}/rotate-secret";

    @Test
    void givenAnEndpoint_whenItsSecretIsRotated_thenBothSecretsSignDuringTheOverlapAndOnlyTheNewOneAfterIt() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            JsonPath endpoint = register(company, receiver.url());
            String id = endpoint.getString("id");
            String first = endpoint.getString("secret");
            Receiver.Received before = deliveryOf(receiver, Invoices.create(key).getString("id"));
            assertThat(signatures(before)).hasSize(1);
            assertThat(Receiver.signatureValid(before, first)).isTrue();

            Instant rotatedAt = Instant.now();
            JsonPath rotated = given().auth().oauth2(company.adminToken()).post(ROTATE, company.id(), id)
                    .then().statusCode(200).extract().jsonPath();
            String second = rotated.getString("secret");
            assertThat(rotated.getMap("")).containsOnlyKeys("id", "secret", "previousSecretExpiresAt");
            assertThat(rotated.getString("id")).isEqualTo(id);
            assertThat(second).matches("whsec_[A-Za-z0-9+/=]+").isNotEqualTo(first);
            assertThat(Instant.parse(rotated.getString("previousSecretExpiresAt"))).as("the configured 24 h overlap")
                    .isBetween(rotatedAt.plus(Duration.ofHours(24)).minusSeconds(5), Instant.now().plus(Duration.ofHours(24)));
            String listed = given().auth().oauth2(company.adminToken()).get("/companies/{c}/webhook-endpoints", company.id())
                    .then().statusCode(200).extract().asString();
            assertThat(listed).contains(id).doesNotContain(second).doesNotContain(first).doesNotContain("ecret");

            Receiver.Received during = deliveryOf(receiver, Invoices.create(key).getString("id"));
            assertThat(signatures(during)).as("one signature per secret").hasSize(2);
            assertThat(Receiver.signatureValid(during, second)).as("the new secret's").isTrue();
            assertThat(Receiver.signatureValid(during, first)).as("the old secret's").isTrue();

            JsonPath again = rotate(company, id, Map.of("overlapSeconds", 1)).then().statusCode(200).extract().jsonPath();
            String third = again.getString("secret");
            Instant secondStops = Instant.parse(again.getString("previousSecretExpiresAt"));
            while (!Instant.now().isAfter(secondStops.plusMillis(200))) {
                Thread.sleep(100);
            }
            Receiver.Received after = deliveryOf(receiver, Invoices.create(key).getString("id"));
            assertThat(signatures(after)).hasSize(1);
            assertThat(Receiver.signatureValid(after, third)).isTrue();
            assertThat(Receiver.signatureValid(after, second)).as("its overlap is over").isFalse();
            assertThat(Receiver.signatureValid(after, first)).as("dropped by the second rotation").isFalse();
        }
    }

    @Test
    void givenAnotherCompanysEndpoint_whenRotated_thenAnsweredAsAnUnknownIdAndItStillSignsWithItsSecret() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            JsonPath endpoint = register(company, receiver.url());
            String id = endpoint.getString("id");

            Response throughOwnCompany = given().auth().oauth2(other.adminToken()).post(ROTATE, other.id(), id);
            Response unknown = given().auth().oauth2(other.adminToken()).post(ROTATE, other.id(), UUID.randomUUID());
            Envelopes.assertPublic(throughOwnCompany, 404, 10004);
            Envelopes.assertPublic(unknown, 404, 10004);
            assertThat(throughOwnCompany.jsonPath().getString("message")).isEqualTo(unknown.jsonPath().getString("message"));
            Envelopes.assertPublic(given().auth().oauth2(other.adminToken()).post(ROTATE, company.id(), id), 404, 10004);
            Response malformed = given().auth().oauth2(other.adminToken()).post(ROTATE, other.id(), "not-a-uuid");
            Envelopes.assertPublic(malformed, 422, 10001);
            malformed.then().body("errors", hasKey("endpointId"));

            assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE id = ?::uuid AND previous_secret IS NULL", id))
                    .isEqualTo(1);
            assertThat(storedSecret(id)).isEqualTo(endpoint.getString("secret"));
            Receiver.Received delivered = deliveryOf(receiver, Invoices.create(Invoices.liveKey(company)).getString("id"));
            assertThat(signatures(delivered)).hasSize(1);
            assertThat(Receiver.signatureValid(delivered, endpoint.getString("secret"))).isTrue();
        }
    }

    @Test
    void givenAnOverlapOutOfBoundsOrOfAnotherType_whenRotating_then422AndTheSecretStays() {
        Tenants.Company company = Tenants.company();
        JsonPath endpoint = register(company, "http://127.0.0.1:9/hook");
        String id = endpoint.getString("id");

        for (Object overlap : List.of(-1, 604_801, "60", 1.5)) {
            Response refused = rotate(company, id, Map.of("overlapSeconds", overlap));
            Envelopes.assertPublic(refused, 422, 10001);
            refused.then().body("errors", hasKey("overlapSeconds"));
        }
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE id = ?::uuid AND previous_secret IS NULL", id))
                .isEqualTo(1);
        assertThat(storedSecret(id)).isEqualTo(endpoint.getString("secret"));

        rotate(company, id, Map.of("overlapSeconds", 604_800)).then().statusCode(200);
        rotate(company, id, Map.of()).then().statusCode(200);
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE id = ?::uuid AND previous_secret IS NOT NULL", id))
                .isEqualTo(1);
        assertThat(storedSecret(id)).isNotEqualTo(endpoint.getString("secret"));
    }

    /** The endpoint's current secret as stored, opened (secrets are sealed at rest). */
    private static String storedSecret(String id) {
        return StoredSecrets.sealer().openText(SecretColumn.WEBHOOK_ENDPOINTS, UUID.fromString(id),
                Sql.text("SELECT secret FROM webhook_endpoints WHERE id = ?::uuid", id));
    }

    private static JsonPath register(Tenants.Company company, String url) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", url, "events", List.of("invoice.created")))
                .post("/companies/{c}/webhook-endpoints", company.id())
                .then().statusCode(201).extract().jsonPath();
    }

    private static Response rotate(Tenants.Company company, String endpointId, Map<String, Object> body) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(body)
                .post(ROTATE, company.id(), endpointId);
    }

    /** The request that delivered the invoice's creation, once it has arrived. */
    private static Receiver.Received deliveryOf(Receiver receiver, String invoiceId) throws InterruptedException {
        Receiver.await(() -> receiver.received().stream().anyMatch(r -> r.body().contains(invoiceId)), Duration.ofSeconds(20));
        return receiver.received().stream().filter(r -> r.body().contains(invoiceId)).findFirst().orElseThrow();
    }

    private static List<String> signatures(Receiver.Received request) {
        return List.of(request.header("webhook-signature").split(" "));
    }
}
