package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: the outbox drains as fast as the caps allow, not one claim per scheduled run. With the
 * scheduled runs off, one claim takes what one endpoint may have in flight (2); every success hands
 * its place to the endpoint's next delivery, and every other end claims into the room it left, so the
 * whole backlog arrives without another run.
 */
@QuarkusTest
@TestProfile(BacklogDrainTest.NoScheduledDispatch.class)
class BacklogDrainTest {

    private static final int EVENTS = 12;

    /** No scheduled webhook dispatch: only the test's claim and the ends of attempts claim. */
    public static class NoScheduledDispatch implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.webhooks.dispatch-interval", "off", "recaudo.webhooks.in-flight-per-endpoint-max", "2");
        }
    }

    @Inject
    WebhookDispatchUseCase webhooks;

    @Test
    void givenABacklogForOneEndpoint_whenOneClaimStartsIt_thenEveryDeliveryArrivesWithoutAnotherScheduledRun() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(ordinal -> 204)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{c}/webhook-endpoints", company.id()).then().statusCode(201);
            Tenants.Key key = Invoices.liveKey(company);
            for (int i = 0; i < EVENTS; i++) {
                Invoices.create(key);
            }
            assertThat(receiver.received()).as("nothing is sent before a claim").isEmpty();

            // A claim takes at most the endpoint's cap (2): whatever arrives beyond it came through ended attempts.
            assertThat(webhooks.dispatchDue(KeyEnvironment.LIVE)).isPositive();

            Receiver.await(() -> receiver.received().size() >= EVENTS, Duration.ofSeconds(30));
            assertThat(receiver.received()).hasSize(EVENTS);
        }
    }
}
