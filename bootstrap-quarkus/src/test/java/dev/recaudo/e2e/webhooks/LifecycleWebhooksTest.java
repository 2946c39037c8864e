package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Lifecycle webhooks end to end, against a real receiver on loopback. */
@QuarkusTest
class LifecycleWebhooksTest {

    private static JsonPath register(Tenants.Company company, String url, List<String> events) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", url, "events", events))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(201)
                .body("secret", matchesPattern("^whsec_[A-Za-z0-9+/=]+$"))
                .extract().jsonPath();
    }

    @Test
    void givenEndpoint_whenInvoiceCreatedThenPaid_thenSignedEventsArriveAndFailedAttemptIsRetried() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        // The first request fails with 500; later ones succeed.
        try (Receiver receiver = new Receiver(ordinal -> ordinal == 1 ? 500 : 200)) {
            JsonPath endpoint = register(company, receiver.url(), List.of("invoice.created", "invoice.paid", "invoice.canceled"));
            Map<String, Object> body = Invoices.body();
            body.put("metadata", Map.of("order", "A-17"));
            body.put("reference", " J-40.123.456-7 ");
            String invoiceId = Invoices.create(key, body).getString("id");
            Invoices.settle(key, invoiceId, "wire-9001").then().statusCode(204);

            Receiver.await(() -> receiver.received().stream().filter(r -> r.answeredWith() == 200).count() >= 2, Duration.ofSeconds(20));
            Thread.sleep(1500); // room for any duplicate to show up
            List<Receiver.Received> received = receiver.received();
            for (Receiver.Received request : received) {
                assertThat(Receiver.signatureValid(request, endpoint.getString("secret"))).as(request.body()).isTrue();
                assertThat(request.header("Content-Type")).startsWith("application/json");
            }
            List<Receiver.Received> paid = received.stream().filter(r -> r.body().contains("\"type\":\"invoice.paid\"")).toList();
            assertThat(paid).hasSize(1);
            JsonPath event = JsonPath.from(paid.get(0).body());
            assertThat(event.getString("invoice.status")).isEqualTo("PAID_FROM_PROVIDER");
            assertThat(event.getString("invoice.payment.status")).isEqualTo("APPROVED");
            assertThat(event.getString("invoice.payment.provider_id")).isEqualTo("wire-9001");
            assertThat(event.getString("invoice.metadata.order")).isEqualTo("A-17");
            assertThat(event.getString("invoice.reference")).isEqualTo(" J-40.123.456-7 ");
            assertThat(event.getString("id")).isEqualTo(paid.get(0).header("webhook-id"));

            List<Receiver.Received> created = received.stream().filter(r -> r.body().contains("\"type\":\"invoice.created\"")).toList();
            assertThat(created).hasSize(2);
            assertThat(created.get(0).answeredWith()).isEqualTo(500);
            assertThat(created.get(1).answeredWith()).isEqualTo(200);
            assertThat(created.get(1).header("webhook-id")).isEqualTo(created.get(0).header("webhook-id"));
            assertThat(created.get(1).body()).isEqualTo(created.get(0).body());

            JsonPath deliveries = given().auth().oauth2(company.adminToken())
                    .get("/companies/{c}/webhook-endpoints/{e}/deliveries", company.id(), endpoint.getString("id"))
                    .then().statusCode(200).extract().jsonPath();
            Map<String, Object> createdDelivery = deliveries.getList("", Map.class).stream()
                    .filter(d -> "invoice.created".equals(d.get("eventType"))).findFirst().orElseThrow();
            assertThat(createdDelivery.get("status")).isEqualTo("succeeded");
            assertThat(createdDelivery.get("attempts")).isEqualTo(2);
            List<Map<String, Object>> attempts = (List<Map<String, Object>>) createdDelivery.get("attemptLog");
            assertThat(attempts).extracting(a -> a.get("statusCode")).containsExactly(500, 200);
            assertThat(attempts).allSatisfy(a -> assertThat(a).containsKeys("attemptedAt", "durationMs"));
        }
    }

    @Test
    void givenReceiverAlwaysFailing_whenAttemptsRunOut_thenDeadAndRedeliverableByHand() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        int[] failUntil = {Integer.MAX_VALUE};
        try (Receiver receiver = new Receiver(ordinal -> ordinal <= failUntil[0] ? 503 : 200)) {
            JsonPath endpoint = register(company, receiver.url(), List.of("invoice.canceled"));
            String invoiceId = Invoices.create(key).getString("id");
            Invoices.delete(key, invoiceId).then().statusCode(204);
            String deliveriesPath = "/companies/" + company.id() + "/webhook-endpoints/" + endpoint.getString("id") + "/deliveries";
            Receiver.await(() -> "dead".equals(given().auth().oauth2(company.adminToken()).get(deliveriesPath).jsonPath()
                    .getString("[0].status")), Duration.ofSeconds(20));
            assertThat(receiver.received()).hasSize(3);
            assertThat(receiver.received()).allSatisfy(r -> assertThat(r.body()).contains("invoice.canceled"));

            failUntil[0] = 3;
            String deliveryId = given().auth().oauth2(company.adminToken()).get(deliveriesPath).jsonPath().getString("[0].id");
            given().auth().oauth2(company.adminToken()).post(deliveriesPath + "/{d}/redeliver", deliveryId)
                    .then().statusCode(202).body("status", equalTo("pending"));
            Receiver.await(() -> "succeeded".equals(given().auth().oauth2(company.adminToken()).get(deliveriesPath).jsonPath()
                    .getString("[0].status")), Duration.ofSeconds(20));
            assertThat(receiver.received()).hasSize(4);
            assertThat(given().auth().oauth2(company.adminToken()).get(deliveriesPath).jsonPath().getList("[0].attemptLog"))
                    .hasSize(4);
        }
    }

    @Test
    void givenLiveAndTestEndpoints_whenLiveAndTestKeysCauseEvents_thenEachEndpointReceivesOnlyItsEnvironment() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver live = new Receiver(ordinal -> 200); Receiver test = new Receiver(ordinal -> 200)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", live.url(), "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(201).body("environment", equalTo("live"));
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", test.url(), "events", List.of("invoice.created"), "environment", "test"))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(201).body("environment", equalTo("test"));
            given().auth().oauth2(company.adminToken()).get("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(200).body("environment", equalTo(List.of("live", "test")));

            String liveInvoice = Invoices.create(Invoices.liveKey(company)).getString("id");
            String testInvoice = Invoices.create(Invoices.testKey(company)).getString("id");

            Receiver.await(() -> !live.received().isEmpty() && !test.received().isEmpty(), Duration.ofSeconds(20));
            // Deliveries are written with their event, so the rows say for good where each event may go.
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries WHERE company_id = ?", company.id())).isEqualTo(2);
            assertThat(Sql.count("SELECT count(*) FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id"
                    + " JOIN outbox_events o ON o.id = d.event_id WHERE d.company_id = ? AND e.is_test <> o.is_test",
                    company.id())).as("deliveries to the other environment").isZero();
            assertThat(live.received()).singleElement()
                    .satisfies(request -> assertThat(JsonPath.from(request.body()).getString("invoice.id")).isEqualTo(liveInvoice));
            assertThat(test.received()).singleElement()
                    .satisfies(request -> assertThat(JsonPath.from(request.body()).getString("invoice.id")).isEqualTo(testInvoice));
        }
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://hooks.example.test/x", "environment", "sandbox"))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(422).body("errors", hasKey("environment"));
    }

    @Test
    void givenEndpointsApi_whenMisused_thenValidatedAndConfined() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://hooks.example.test/x", "events", List.of("invoice.exploded")))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(422).body("errors", hasKey("events"));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("url", "not a url"))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(422).body("errors", hasKey("url"));
        String id = register(company, "http://127.0.0.1:9/hook", List.of("invoice.paid")).getString("id");
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(200).body("size()", equalTo(1)).body("[0]", org.hamcrest.Matchers.not(hasKey("secret")));
        given().auth().oauth2(other.adminToken()).delete("/companies/{c}/webhook-endpoints/{e}", company.id(), id)
                .then().statusCode(404);
        given().auth().oauth2(other.adminToken()).delete("/companies/{c}/webhook-endpoints/{e}", other.id(), id)
                .then().statusCode(404);
        given().auth().oauth2(company.adminToken()).delete("/companies/{c}/webhook-endpoints/{e}", company.id(), id)
                .then().statusCode(204);
        given().auth().oauth2(company.adminToken()).get("/companies/{c}/webhook-endpoints/{e}/deliveries", company.id(), id)
                .then().statusCode(404);
        given().auth().oauth2(company.adminToken())
                .post("/companies/{c}/webhook-endpoints/{e}/deliveries/{d}/redeliver", company.id(), id, UUID.randomUUID())
                .then().statusCode(404);
    }
}
