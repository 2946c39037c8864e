package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: with tracing switched on, a request is a server span that follows the caller's trace,
 * its transaction a child span, and a webhook attempt a client span; paths and queries are on the
 * spans as in the access log, no exception message is, and nothing of a receiver's URL but its host. The
 * spans are read where an OTLP collector would receive them (the exporters' end).
 */
@QuarkusTest
@TestProfile(TracingTest.TracingOn.class)
class TracingTest {

    private static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");
    private static final AttributeKey<String> HOST = AttributeKey.stringKey("server.address");
    private static final AttributeKey<String> CLIENT_ADDRESS = AttributeKey.stringKey("client.address");
    private static final AttributeKey<String> WEBHOOK_ID = AttributeKey.stringKey("recaudo.webhook.id");
    private static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("recaudo.transaction.attempts");
    /** The random part of a key, as the log scan of the battery looks for it. */
    private static final String SECRET_BODY = "4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x";

    /** Tracing on, as an operator switches it on, with the spans kept in memory instead of sent. */
    public static class TracingOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.otel.sdk.disabled", "false", "quarkus.otel.exporter.otlp.enabled", "false");
        }
    }

    @Inject
    InMemorySpanExporter spans;

    @BeforeEach
    void forget() {
        spans.reset();
    }

    @Test
    void givenACallersTraceparent_whenAnInvoiceIsCreated_thenTheRequestSpanJoinsItsTraceAndTheTransactionIsItsChild()
            throws InterruptedException {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String traceId = HexFormat.of().formatHex(randomBytes(16));

        given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString())
                .header("traceparent", "00-" + traceId + "-" + HexFormat.of().formatHex(randomBytes(8)) + "-01")
                .contentType(ContentType.JSON).body(Invoices.body()).post("/v1/invoices").then().statusCode(201);

        SpanData request = await(span -> span.getKind() == SpanKind.SERVER && span.getTraceId().equals(traceId));
        assertThat(request.getName()).isEqualTo("POST /v1/invoices");
        SpanData transaction = await(span -> span.getName().equals("transaction")
                && span.getParentSpanId().equals(request.getSpanId()));
        assertThat(transaction.getTraceId()).isEqualTo(traceId);
        assertThat(transaction.getAttributes().get(ATTEMPTS)).isEqualTo(1L);
    }

    @Test
    void givenCheckoutIdsKeysAndPersonalDataInPathsAndQueries_whenRequested_thenTheRequestSpansShowThemAsTheAccessLogDoes()
            throws InterruptedException {
        String checkoutId = UUID.randomUUID().toString();
        String key = "rk_live_" + SECRET_BODY;

        given().header("X-Forwarded-For", "203.0.113.99").get("/pay/" + checkoutId + "?token=T-SECRET&phone=5550001234&lang=en");
        given().urlEncodingEnabled(false).get("/v1/invoices/" + key + "?page=2&api%3Dkey=AK-SECRET");

        SpanData page = await(span -> queryOf(span).filter(query -> query.contains("lang=en")).isPresent());
        assertThat(page.getAttributes().get(URL_PATH)).isEqualTo("/pay/***");
        assertThat(page.getAttributes().get(URL_QUERY)).isEqualTo("token=***&phone=***&lang=en");
        assertThat(page.getAttributes().get(CLIENT_ADDRESS)).as("a forwarded address from no trusted proxy").isEqualTo("127.0.0.1");
        SpanData invoice = await(span -> queryOf(span).filter(query -> query.contains("page=2")).isPresent());
        assertThat(invoice.getAttributes().get(URL_PATH)).isEqualTo("/v1/invoices/***");
        assertThat(invoice.getAttributes().get(URL_QUERY)).isEqualTo("page=2&api%3Dkey=***");
        assertThat(List.of(page, invoice)).allSatisfy(span -> assertThat(recorded(span)).doesNotContain(checkoutId)
                .doesNotContain("SECRET").doesNotContain("5550001234"));
    }

    @Test
    void givenABodyTheParserRefusesQuotingAKey_whenPosted_thenNoSpanCarriesTheParsersMessage() throws InterruptedException {
        Tenants.Key key = Invoices.liveKey(Tenants.company());

        given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString()).contentType(ContentType.JSON)
                .body("{\"name\": rk_live_" + SECRET_BODY + "}").post("/v1/invoices?probe=parser").then().statusCode(422);

        SpanData request = await(span -> queryOf(span).filter(query -> query.contains("probe=parser")).isPresent());
        assertThat(request.getEvents()).as("exceptions recorded on the request span").isEmpty();
        assertThat(spans.getFinishedSpanItems()).allSatisfy(span -> assertThat(recorded(span)).doesNotContain(SECRET_BODY));
    }

    @Test
    void givenAnEndpointWhoseUrlCarriesCredentials_whenItsWebhookIsSent_thenTheAttemptSpanNamesOnlyTheHostAndMessage()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        try (Receiver receiver = new Receiver(ordinal -> 204)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url() + "/PATH-SECRET?token=QUERY-SECRET", "events", List.of("invoice.created")))
                    .post("/companies/{id}/webhook-endpoints", company.id()).then().statusCode(201);
            Invoices.create(key, Invoices.body());
            Receiver.await(() -> !receiver.received().isEmpty(), Duration.ofSeconds(20));
            String webhookId = receiver.received().get(0).header("webhook-id");

            SpanData attempt = await(span -> webhookId.equals(span.getAttributes().get(WEBHOOK_ID)));
            assertThat(attempt.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(attempt.getAttributes().get(HOST)).isEqualTo("127.0.0.1");
            assertThat(recorded(attempt)).doesNotContain("SECRET").doesNotContain("/hook");
            assertThat(receiver.received().get(0).header("traceparent")).isNull();
        }
    }

    private SpanData await(Predicate<SpanData> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<SpanData> found = spans.getFinishedSpanItems().stream().filter(wanted).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no such span among " + spans.getFinishedSpanItems());
    }

    private static Optional<String> queryOf(SpanData span) {
        return Optional.ofNullable(span.getAttributes().get(URL_QUERY));
    }

    private static String recorded(SpanData span) {
        return span.getName() + span.getAttributes() + span.getStatus() + span.getEvents();
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        ThreadLocalRandom.current().nextBytes(bytes);
        return bytes;
    }
}
