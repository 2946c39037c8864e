package dev.recaudo.e2e.secrets;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.SigningKeys;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StoredSecrets;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import dev.recaudo.persistence.secret.PlaintextRetirement;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretResealing;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a database dump holds of the service's secrets: sealed values that name their key, with no
 * trace of the secret in any common encoding, while the service still signs with the secret itself.
 * The test run seals under key {@code test-a} (application.properties, test profile).
 */
@QuarkusTest
class SecretsAtRestTest {

    private static final String SEALED_UNDER_TEST_KEY = "sealed:v1:test-a:";

    @Inject
    SecretResealing resealing;
    @Inject
    PlaintextRetirement retirement;

    @Test
    void givenWebhookEndpoint_whenStored_thenTheRowHoldsNoTraceOfItsSecretAndDeliveriesAreStillSigned() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            Map<String, Object> endpoint = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(201).extract().jsonPath().getMap("");
            String secret = (String) endpoint.get("secret");

            byte[] stored = Sql.bytes("SELECT secret FROM webhook_endpoints WHERE id = ?", UUID.fromString((String) endpoint.get("id")));
            assertSealedWithoutTrace(stored, secret.getBytes(StandardCharsets.UTF_8));
            assertSealedWithoutTrace(stored, Base64.getDecoder().decode(secret.substring("whsec_".length())));

            Invoices.create(Invoices.liveKey(company));
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            assertThat(Receiver.signatureValid(receiver.received().get(0), secret)).isTrue();
        }
    }

    @Test
    void givenCallbackSecret_whenReadAndRotated_thenStoredSealedEachTime() {
        Tenants.Company company = Tenants.company();
        String secret = callbackSecret(company);

        assertSealedWithoutTrace(Sql.bytes("SELECT secret FROM external_payment_secrets WHERE company_id = ?", company.id()),
                secret.getBytes(StandardCharsets.UTF_8));
        assertThat(callbackSecret(company)).isEqualTo(secret);

        String rotated = given().auth().oauth2(company.adminToken()).post("/companies/{id}/webhook-secret/rotate", company.id())
                .then().statusCode(200).extract().path("secret");
        assertSealedWithoutTrace(Sql.bytes("SELECT secret FROM external_payment_secrets WHERE company_id = ?", company.id()),
                rotated.getBytes(StandardCharsets.UTF_8));
        assertThat(callbackSecret(company)).isEqualTo(rotated);
    }

    @Test
    void givenAdminToken_whenMinted_thenTheSigningKeyIsStoredSealedAndTheTokenVerifiesWithItsPublicHalf() throws Exception {
        Tenants.Company company = Tenants.company();
        String[] token = company.adminToken().split("\\.");

        byte[] stored = Sql.bytes("SELECT private_key FROM signing_keys WHERE name = ?", SigningKeys.NAME);
        byte[] pkcs8 = StoredSecrets.open(SecretColumn.SIGNING_KEYS, SigningKeys.NAME, stored);
        assertSealedWithoutTrace(stored, pkcs8);
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(SigningKeys.publicKey());
        verifier.update((token[0] + "." + token[1]).getBytes(StandardCharsets.US_ASCII));
        assertThat(verifier.verify(Base64.getUrlDecoder().decode(token[2]))).isTrue();
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id()).then().statusCode(200);
    }

    /**
     * The pass seals plaintext only while plaintext is not over. The run's database is shared by every
     * profile, so another test's pass (PlantedPlaintextTest's) may have recorded the milestone already:
     * it is deleted first, and this application must not have seen it either (only a pass reads it here),
     * so the test does not depend on the order of the classes.
     */
    @Test
    void givenRowsFromBeforeSealing_whenTheResealingPassRuns_thenSealedAndTheServiceReadsTheSameSecrets() {
        Sql.execute("DELETE FROM secret_sealing_milestones");
        assertThat(retirement.retired()).as("plaintext is not over for this application").isFalse();
        Tenants.Company company = Tenants.company();
        byte[] key = new byte[24];
        new SecureRandom().nextBytes(key);
        String legacy = "whsec_" + Base64.getEncoder().encodeToString(key);
        Sql.execute("INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, ?, now())",
                company.id(), legacy);
        assertThat(callbackSecret(company)).as("a plaintext row is read as it is").isEqualTo(legacy);

        SecretResealing.Outcome outcome = resealing.resealAll();

        assertThat(outcome.resealed()).isPositive();
        assertThat(outcome.left()).isZero();
        assertSealedWithoutTrace(Sql.bytes("SELECT secret FROM external_payment_secrets WHERE company_id = ?", company.id()),
                legacy.getBytes(StandardCharsets.UTF_8));
        assertThat(callbackSecret(company)).isEqualTo(legacy);
    }

    private static String callbackSecret(Tenants.Company company) {
        return given().auth().oauth2(company.adminToken()).get("/companies/{id}/webhook-secret", company.id())
                .then().statusCode(200).extract().path("secret");
    }

    /** Sealed under the run's key, and not holding the secret raw, in base64 (any alphabet) or in hex. */
    private static void assertSealedWithoutTrace(byte[] stored, byte[] secret) {
        String text = new String(stored, StandardCharsets.ISO_8859_1);
        assertThat(text).startsWith(SEALED_UNDER_TEST_KEY);
        assertThat(text).doesNotContain(new String(secret, StandardCharsets.ISO_8859_1))
                .doesNotContain(Base64.getEncoder().withoutPadding().encodeToString(secret))
                .doesNotContain(Base64.getUrlEncoder().withoutPadding().encodeToString(secret))
                .doesNotContainIgnoringCase(HexFormat.of().formatHex(secret));
    }
}
