package dev.recaudo.webhooks.delivery;

import static io.opentelemetry.semconv.ErrorAttributes.ERROR_TYPE;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_ADDRESS;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_PORT;
import static io.opentelemetry.semconv.UrlAttributes.URL_SCHEME;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: every outbound attempt is a client span with its receiver's host and port, the
 * message's id and its outcome, and nothing of the URL a partner may have put a credential in; no
 * trace context reaches the receiver.
 */
class AttemptSpansTest {

    private static final String PATH_SECRET = "T0A1B2C3/hooksecretpart";
    private static final String QUERY_SECRET = "opaque-partner-token-4711";
    private static final String WEBHOOK_ID = "7d1f9a43-5a0b-4c3e-8f2a-0a9c3b6e1d22";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final SdkTracerProvider tracing = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();
    private final AtomicInteger status = new AtomicInteger(204);
    private final BlockingQueue<Headers> received = new LinkedBlockingQueue<>();
    private HttpServer receiver;

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            received.add(exchange.getRequestHeaders());
            exchange.sendResponseHeaders(status.get(), -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
        tracing.close();
    }

    @Test
    void givenADeliveredAttemptInsideATrace_whenSent_thenAClientSpanNamesTheReceiverAndOutcomeAndNoTraceContextLeaves()
            throws Exception {
        Span parent = tracing.get("test").spanBuilder("dispatch").startSpan();
        SendOutcome outcome;
        try (Scope ignored = parent.makeCurrent()) {
            outcome = send(new AddressWebhookTargetPolicy(true));
        } finally {
            parent.end();
        }

        assertThat(outcome.succeeded()).isTrue();
        SpanData attempt = attemptSpan();
        assertThat(attempt.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
        assertThat(attempt.getAttributes().get(SERVER_ADDRESS)).isEqualTo("127.0.0.1");
        assertThat(attempt.getAttributes().get(SERVER_PORT)).isEqualTo((long) receiver.getAddress().getPort());
        assertThat(attempt.getAttributes().get(URL_SCHEME)).isEqualTo("http");
        assertThat(attempt.getAttributes().get(AttemptSpans.WEBHOOK_ID)).isEqualTo(WEBHOOK_ID);
        assertThat(attempt.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isEqualTo(204L);
        assertThat(attempt.getAttributes().get(AttemptSpans.RESULT)).isEqualTo("delivered");
        assertThat(attempt.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertNothingOfTheUrlsSecrets(attempt);
        Headers headers = received.poll(5, TimeUnit.SECONDS);
        assertThat(headers).isNotNull();
        assertThat(headers.keySet()).noneMatch(name -> name.equalsIgnoreCase("traceparent")
                || name.equalsIgnoreCase("tracestate") || name.equalsIgnoreCase("baggage"));
    }

    @Test
    void givenAReceiverAnswering500_whenSent_thenTheSpanIsAnErrorWithTheStatus() {
        status.set(500);

        send(new AddressWebhookTargetPolicy(true));

        SpanData attempt = attemptSpan();
        assertThat(attempt.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(attempt.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isEqualTo(500L);
        assertThat(attempt.getAttributes().get(ERROR_TYPE)).isEqualTo("status_5xx");
    }

    @Test
    void givenATargetThePolicyRefuses_whenSent_thenTheSpanIsAnErrorWithoutStatusOrTheReason() {
        send(new AddressWebhookTargetPolicy(false));

        SpanData attempt = attemptSpan();
        assertThat(attempt.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(attempt.getStatus().getDescription()).isEqualTo("target_refused");
        assertThat(attempt.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isNull();
        assertNothingOfTheUrlsSecrets(attempt);
        assertThat(received).isEmpty();
    }

    private SendOutcome send(AddressWebhookTargetPolicy policy) {
        HttpWebhookSender sender = new HttpWebhookSender(policy, TestVertx.get(), Duration.ofSeconds(2), Duration.ofSeconds(5),
                null, tracing.get("recaudo"));
        String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/" + PATH_SECRET + "?token=" + QUERY_SECRET;
        return sender.send(url, WEBHOOK_ID, Instant.parse("2026-11-29T12:00:00Z"), "{}", List.of("whsec_"
                + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toCompletableFuture().join();
    }

    private SpanData attemptSpan() {
        List<SpanData> attempts = exported.getFinishedSpanItems().stream().filter(span -> span.getName().equals("POST"))
                .toList();
        assertThat(attempts).hasSize(1);
        return attempts.get(0);
    }

    private static void assertNothingOfTheUrlsSecrets(SpanData span) {
        String recorded = span.getName() + span.getAttributes() + span.getStatus() + span.getEvents();
        assertThat(recorded).doesNotContain(QUERY_SECRET).doesNotContain("hooksecretpart").doesNotContain("token");
    }
}
