package dev.recaudo.e2e.secrets;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import dev.recaudo.persistence.secret.SecretResealing;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 6: in production, once the re-sealing pass has found no plaintext secret left, a
 * plaintext value can only have been planted in the database around the service: it is never used
 * to sign, never sealed by the pass (which would make it look genuine), and refusing it holds back
 * only the work of the company whose secret it is, as a secret that does not open already did.
 */
@QuarkusTest
@TestProfile(PlantedPlaintextTest.Production.class)
class PlantedPlaintextTest {

    private static final String PLANTED = "whsec_cGxhbnRlZC1ieS1zb21lb25lLXdpdGgtZGF0YWJhc2UtYWNjZXNz";

    /** The test profile's sealing key, with the production switch on. */
    public static class Production implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.production", "true", "recaudo.callbacks.dispatch-interval", "200ms");
        }
    }

    @Inject
    SecretResealing resealing;

    @Test
    void givenEverySecretSealed_whenAnEndpointSecretIsPlantedInPlaintext_thenItsDeliveryIsHeldBackAndOthersGoOut() throws Exception {
        Tenants.Company victim = Tenants.company();
        Tenants.Company neighbour = Tenants.company();
        try (Receiver victimReceiver = new Receiver(n -> 200); Receiver neighbourReceiver = new Receiver(n -> 200);
                LogCapture log = LogCapture.of("")) {
            UUID victimEndpoint = endpoint(victim, victimReceiver);
            String neighbourSecret = JsonPath.from(endpointBody(neighbour, neighbourReceiver)).getString("secret");
            resealing.resealAll();
            assertThat(Sql.count("SELECT count(*) FROM secret_sealing_milestones WHERE milestone = 'plaintext_retired'"))
                    .as("the pass found no plaintext left").isEqualTo(1);

            Sql.execute("UPDATE webhook_endpoints SET secret = ? WHERE id = ?", PLANTED, victimEndpoint);
            Invoices.create(Invoices.liveKey(victim));
            Invoices.create(Invoices.liveKey(neighbour));

            Receiver.await(() -> !neighbourReceiver.received().isEmpty(), Duration.ofSeconds(20));
            assertThat(Receiver.signatureValid(neighbourReceiver.received().get(0), neighbourSecret)).isTrue();
            Receiver.await(() -> log.lines().stream().anyMatch(line -> line.message().contains("not sent")
                    && line.message().contains(victimEndpoint.toString())), Duration.ofSeconds(20));
            assertThat(victimReceiver.received()).as("nothing is signed with the planted secret").isEmpty();
            assertThat(Sql.text("SELECT status FROM webhook_deliveries WHERE endpoint_id = ?", victimEndpoint))
                    .as("held back, not dead").isEqualTo("PENDING");

            resealing.resealAll();
            assertThat(Sql.text("SELECT secret FROM webhook_endpoints WHERE id = ?", victimEndpoint))
                    .as("the pass does not seal a planted value").isEqualTo(PLANTED);
            assertThat(log.lines()).noneSatisfy(line -> assertThat(line.message()).contains(PLANTED));
            assertThat(log.lines()).anySatisfy(line -> {
                assertThat(line.isError()).isTrue();
                assertThat(line.message()).contains("cannot re-seal").contains("stored in plaintext");
            });
        }
    }

    /**
     * Issue 21, item 6d: the administration shows an endpoint whose secret is refused like any other,
     * and rotating its secret is the recovery. The planted value is never kept as the previous secret
     * (that would seal it, and it never signed), and the new secret signs what follows.
     */
    @Test
    void givenEverySecretSealed_whenAnEndpointWithAPlantedSecretIsListedAndRotated_thenShownAndTheNewSecretAloneSigns()
            throws Exception {
        Tenants.Company victim = Tenants.company();
        try (Receiver receiver = new Receiver(n -> 200)) {
            UUID victimEndpoint = endpoint(victim, receiver);
            resealing.resealAll();
            Sql.execute("UPDATE webhook_endpoints SET secret = ? WHERE id = ?", PLANTED, victimEndpoint);

            given().auth().oauth2(victim.adminToken()).get("/companies/{c}/webhook-endpoints", victim.id())
                    .then().statusCode(200).body("id", contains(victimEndpoint.toString()));
            JsonPath rotated = given().auth().oauth2(victim.adminToken())
                    .post("/companies/{c}/webhook-endpoints/{e}/rotate-secret", victim.id(), victimEndpoint)
                    .then().statusCode(200).extract().jsonPath();

            String fresh = rotated.getString("secret");
            assertThat(fresh).startsWith("whsec_").isNotEqualTo(PLANTED);
            assertThat(Sql.text("SELECT secret FROM webhook_endpoints WHERE id = ?", victimEndpoint)).startsWith("sealed:");
            assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE id = ? AND previous_secret IS NOT NULL",
                    victimEndpoint)).as("the planted value is not kept as the previous secret").isZero();
            Invoices.create(Invoices.liveKey(victim));
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            assertThat(Receiver.signatureValid(receiver.received().get(0), fresh)).isTrue();
            assertThat(Receiver.signatureValid(receiver.received().get(0), PLANTED)).isFalse();
        }
    }

    /** Issue 21, item 6d: a planted previous secret is dropped by the next rotation, and removing the endpoint works. */
    @Test
    void givenEverySecretSealed_whenAnEndpointWithAPlantedPreviousSecretIsRotatedAndRemoved_thenNeitherFails() throws Exception {
        Tenants.Company victim = Tenants.company();
        try (Receiver receiver = new Receiver(n -> 200)) {
            UUID victimEndpoint = endpoint(victim, receiver);
            resealing.resealAll();
            Sql.execute("UPDATE webhook_endpoints SET previous_secret = ?, previous_secret_expires_at = now() + interval '1 day'"
                    + " WHERE id = ?", PLANTED, victimEndpoint);

            given().auth().oauth2(victim.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/rotate-secret", victim.id(),
                    victimEndpoint).then().statusCode(200);
            assertThat(Sql.text("SELECT previous_secret FROM webhook_endpoints WHERE id = ?", victimEndpoint))
                    .as("the replaced sealed secret, not the planted one").startsWith("sealed:");

            Sql.execute("UPDATE webhook_endpoints SET secret = ?, previous_secret = ? WHERE id = ?", PLANTED, PLANTED,
                    victimEndpoint);
            given().auth().oauth2(victim.adminToken()).delete("/companies/{c}/webhook-endpoints/{e}", victim.id(),
                    victimEndpoint).then().statusCode(204);
        }
    }

    @Test
    void givenEverySecretSealed_whenACallbackSecretIsPlantedInPlaintext_thenItsCallbackFailsUnsentAndOthersGoOut() throws Exception {
        Tenants.Company victim = Tenants.company();
        Tenants.Company neighbour = Tenants.company();
        try (Receiver victimReceiver = new Receiver(n -> 200); Receiver neighbourReceiver = new Receiver(n -> 200)) {
            callbackSecret(victim);
            resealing.resealAll();
            Sql.execute("UPDATE external_payment_secrets SET secret = ? WHERE company_id = ?", PLANTED, victim.id());

            UUID held = completedPaymentCalling(victim, victimReceiver.url());
            UUID sent = completedPaymentCalling(neighbour, neighbourReceiver.url());

            Receiver.await(() -> !List.of("queued", "attempting").contains(callbackResult(held))
                    && !neighbourReceiver.received().isEmpty(), Duration.ofSeconds(20));
            assertThat(callbackResult(held)).isEqualTo("failed");
            assertThat(Sql.text("SELECT error FROM external_payment_callbacks WHERE external_payment_id = ?", held))
                    .contains("not sent");
            assertThat(victimReceiver.received()).isEmpty();
            Receiver.await(() -> "delivered".equals(callbackResult(sent)), Duration.ofSeconds(20));
            assertThat(Receiver.signatureValid(neighbourReceiver.received().get(0), callbackSecret(neighbour))).isTrue();
        }
    }

    private static UUID endpoint(Tenants.Company company, Receiver receiver) {
        return UUID.fromString(JsonPath.from(endpointBody(company, receiver)).getString("id"));
    }

    private static String endpointBody(Tenants.Company company, Receiver receiver) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(201).extract().asString();
    }

    private static String callbackSecret(Tenants.Company company) {
        return given().auth().oauth2(company.adminToken()).get("/companies/{id}/webhook-secret", company.id())
                .then().statusCode(200).extract().path("secret");
    }

    /** A hosted test payment of the company with {@code url} as its callback, paid in the sandbox. */
    private static UUID completedPaymentCalling(Tenants.Company company, String url) {
        Tenants.Key key = company.createKey(Map.of("name", "shop", "environment", "test"));
        JsonPath created = ExternalPayments.hosted(key, Map.of("amountMinor", 2500, "currency", "USD", "callbackUrl", url));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(200);
        return UUID.fromString(created.getString("id"));
    }

    private static String callbackResult(UUID paymentId) {
        return Sql.text("SELECT status FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId);
    }
}
