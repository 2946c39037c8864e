package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: an endpoint that keeps failing is paused, and its administrator sees it in the list
 * (paused, until when, failures in a row) and may resume it at once. While paused its deliveries stay
 * pending and are not attempted. Another company cannot resume it, nor tell it from a missing one.
 */
@QuarkusTest
class WebhookEndpointPauseTest {

    /** {@code RECAUDO_WEBHOOKS_PAUSE_AFTER_FAILURES}'s default. */
    private static final int PAUSE_AFTER = 5;
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Test
    void givenAReceiverThatAlwaysFails_whenItFailsFiveTimes_thenListedPausedItsDeliveriesWaitAndResumeEndsThePause()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        try (Receiver receiver = new Receiver(ordinal -> 503)) {
            String endpointId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{c}/webhook-endpoints", company.id()).then().statusCode(201)
                    .extract().jsonPath().getString("id");
            for (int i = 0; i < PAUSE_AFTER + 3; i++) {
                Invoices.create(key);
            }

            Receiver.await(() -> Boolean.TRUE.equals(endpoint(company, endpointId).get("paused")), PATIENCE);
            Map<String, Object> listed = endpoint(company, endpointId);
            assertThat(((Number) listed.get("consecutiveFailures")).intValue()).isGreaterThanOrEqualTo(PAUSE_AFTER);
            assertThat(Instant.parse((String) listed.get("pausedUntil"))).as("the first pause, a minute")
                    .isAfter(Instant.now().plusSeconds(30));
            int attempted = receiver.received().size();
            Thread.sleep(1500); // several dispatch rounds
            assertThat(receiver.received()).as("nothing is sent while paused").hasSize(attempted);
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = ?::uuid AND d.status = 'PENDING'"
                    + " AND d.attempts = 0", endpointId)).as("the deliveries not yet attempted wait, pending, uncounted")
                    .isPositive();
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?::uuid AND status = 'DEAD'",
                    endpointId)).isZero();

            Tenants.Company intruder = Tenants.company();
            given().auth().oauth2(intruder.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/resume", company.id(), endpointId)
                    .then().statusCode(404);
            given().auth().oauth2(intruder.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/resume", intruder.id(), endpointId)
                    .then().statusCode(404).body("code", equalTo(10004));
            given().auth().oauth2(company.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/resume", company.id(),
                    UUID.randomUUID()).then().statusCode(404).body("code", equalTo(10004));
            given().auth().oauth2(company.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/resume", company.id(), "not-a-uuid")
                    .then().statusCode(422);
            assertThat(endpoint(company, endpointId).get("paused")).as("still paused after the refusals").isEqualTo(true);

            given().auth().oauth2(company.adminToken()).post("/companies/{c}/webhook-endpoints/{e}/resume", company.id(), endpointId)
                    .then().statusCode(200).body("id", equalTo(endpointId)).body("paused", equalTo(false))
                    .body("pausedUntil", nullValue()).body("consecutiveFailures", equalTo(0));
            Receiver.await(() -> receiver.received().size() > attempted, PATIENCE);
        }
    }

    /** The endpoint as its company's list shows it. */
    private static Map<String, Object> endpoint(Tenants.Company company, String endpointId) {
        return given().auth().oauth2(company.adminToken()).get("/companies/{c}/webhook-endpoints", company.id())
                .then().statusCode(200).extract().jsonPath().getMap("find { it.id == '" + endpointId + "' }");
    }
}
