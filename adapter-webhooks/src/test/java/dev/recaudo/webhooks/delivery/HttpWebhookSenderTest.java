package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.trace.TracerProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Delivers to a real HTTP receiver on the loopback interface, which only a permissive policy allows. */
class HttpWebhookSenderTest {

    private static final String SECRET_KEY_BASE64 = "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String SECRET = "whsec_" + SECRET_KEY_BASE64;
    private static final String WEBHOOK_ID = "5f0c2a54-7a9e-4a55-9a56-8a2f4c1e9b01";
    private static final Instant TIMESTAMP = Instant.parse("2026-03-01T12:34:56.789Z");
    private static final String BODY =
            "{\"id\":\"5f0c2a54-7a9e-4a55-9a56-8a2f4c1e9b01\",\"type\":\"invoice.paid\",\"invoice\":{\"customer\":\"Peña €\"}}";
    private static final Duration SHORT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration SHORT_REQUEST_TIMEOUT = Duration.ofMillis(300);
    /** Generous for the tests that expect an answer: the first request of a cold JVM can take longer than 300 ms. */
    private static final Duration ANSWERING_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private final AddressWebhookTargetPolicy permissive = new AddressWebhookTargetPolicy(true);
    private final AddressWebhookTargetPolicy strict = new AddressWebhookTargetPolicy(false);

    private final Vertx vertx = TestVertx.get();

    private ExecutorService receiverThreads;
    private HttpServer receiver;
    private final BlockingQueue<Received> hookRequests = new LinkedBlockingQueue<>();
    private final AtomicInteger hookStatus = new AtomicInteger(204);
    private final AtomicInteger hookDelayMillis = new AtomicInteger(0);
    private final AtomicInteger redirectTargetCalls = new AtomicInteger(0);

    private record Received(String method, Headers headers, byte[] body) {}

    @BeforeEach
    void startReceiver() throws IOException {
        receiverThreads = Executors.newCachedThreadPool();
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(receiverThreads);
        receiver.createContext("/hook", exchange -> {
            hookRequests.add(new Received(
                    exchange.getRequestMethod(), exchange.getRequestHeaders(), exchange.getRequestBody().readAllBytes()));
            sleep(hookDelayMillis.get());
            answer(exchange, hookStatus.get());
        });
        receiver.createContext("/redirect", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Location", baseUrl() + "/redirect-target");
            answer(exchange, 302);
        });
        receiver.createContext("/redirect-target", exchange -> {
            redirectTargetCalls.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            answer(exchange, 200);
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
        receiverThreads.shutdownNow();
    }

    @Test
    void givenReceiverAnswers204_whenSent_thenSucceededAndReceiverSeesBodyHeadersAndVerifiableSignature()
            throws Exception {
        SendOutcome outcome = sender(permissive).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.statusCode()).contains(204);
        assertThat(outcome.error()).isEmpty();
        assertThat(outcome.durationMillis()).isNotNegative();

        Received received = hookRequests.poll(5, TimeUnit.SECONDS);
        assertThat(received).isNotNull();
        assertThat(received.method()).isEqualTo("POST");
        assertThat(received.body()).isEqualTo(BODY.getBytes(StandardCharsets.UTF_8));
        assertThat(received.headers().getFirst("Content-Type")).isEqualTo("application/json");
        assertThat(received.headers().getFirst("User-Agent")).isEqualTo("Recaudo-Webhooks/1.0");
        assertThat(received.headers().getFirst("webhook-id")).isEqualTo(WEBHOOK_ID);
        assertThat(received.headers().getFirst("webhook-timestamp")).isEqualTo("1772368496");

        String signature = received.headers().getFirst("webhook-signature");
        String receivedBody = new String(received.body(), StandardCharsets.UTF_8);
        String signedContent = received.headers().getFirst("webhook-id") + "."
                + received.headers().getFirst("webhook-timestamp") + "." + receivedBody;
        assertThat(signature).isEqualTo("v1," + independentHmacBase64(SECRET_KEY_BASE64, signedContent));
        assertThat(hookRequests).isEmpty();
    }

    /** During a rotation's overlap: the new secret's signature, then the old one's, each verifiable on its own. */
    @Test
    void givenTwoSecrets_whenSent_thenTheHeaderCarriesBothSignaturesNewestFirst() throws Exception {
        String newKeyBase64 = "cmVjYXVkbyByb3RhdGlvbiB0ZXN0IGtl";

        SendOutcome outcome = sender(permissive).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY,
                List.of("whsec_" + newKeyBase64, SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isTrue();
        Received received = hookRequests.poll(5, TimeUnit.SECONDS);
        assertThat(received).isNotNull();
        String signedContent = WEBHOOK_ID + "." + TIMESTAMP.getEpochSecond() + "." + BODY;
        assertThat(received.headers().getFirst("webhook-signature").split(" ")).containsExactly(
                "v1," + independentHmacBase64(newKeyBase64, signedContent),
                "v1," + independentHmacBase64(SECRET_KEY_BASE64, signedContent));
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 202, 299})
    void givenReceiverAnswersAny2xx_whenSent_thenSucceeded(int status) {
        hookStatus.set(status);

        SendOutcome outcome = sender(permissive).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.statusCode()).contains(status);
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 400, 404, 410, 503})
    void givenReceiverAnswersError_whenSent_thenNotSucceededAndStatusRecorded(int status) {
        hookStatus.set(status);

        SendOutcome outcome = sender(permissive).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).contains(status);
        assertThat(outcome.error()).isEmpty();
    }

    @Test
    void givenReceiverRedirects_whenSent_thenRedirectNotFollowedAnd302Recorded() {
        SendOutcome outcome = sender(permissive).send(baseUrl() + "/redirect", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).contains(302);
        assertThat(redirectTargetCalls).hasValue(0);
    }

    @Test
    void givenReceiverSlowerThanRequestTimeout_whenSent_thenTimeoutErrorAndNoStatus() {
        hookDelayMillis.set(3_000);

        SendOutcome outcome = new HttpWebhookSender(permissive, vertx, SHORT_CONNECT_TIMEOUT, SHORT_REQUEST_TIMEOUT, null, TracerProvider.noop().get("test")).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).contains("timeout after 300 ms");
        assertThat(outcome.result()).isEqualTo(AttemptResult.TIMEOUT);
        assertThat(outcome.durationMillis()).isBetween(250L, 2_500L);
    }

    @Test
    void givenTimeLimitShorterThanConfiguredTimeouts_whenReceiverIsSlow_thenAttemptEndsAtTheLimit() {
        hookDelayMillis.set(3_000);

        SendOutcome outcome = sender(permissive)
                .send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, SECRET, Duration.ofMillis(400)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).contains("timeout after 400 ms");
        assertThat(outcome.result()).isEqualTo(AttemptResult.TIMEOUT);
        assertThat(outcome.durationMillis()).isBetween(350L, 2_500L);
    }

    @Test
    void givenTimeLimit_whenReceiverAnswersInTime_thenSucceeded() {
        SendOutcome outcome = sender(permissive)
                .send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, SECRET, Duration.ofSeconds(5)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.statusCode()).contains(204);
    }

    @Test
    void givenNothingListensOnPort_whenSent_thenConnectionErrorAndNoStatus() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        SendOutcome outcome = sender(permissive)
                .send("http://127.0.0.1:" + closedPort + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).contains("connection refused");
        assertThat(outcome.result()).isEqualTo(AttemptResult.CONNECTION_FAILED);
    }

    @Test
    void givenStrictPolicy_whenSentToLoopbackOverHttp_thenRefusedAndReceiverSeesNothing() throws Exception {
        SendOutcome outcome = sender(strict).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).get().asString().startsWith("target refused: ");
        assertThat(outcome.result()).isEqualTo(AttemptResult.TARGET_REFUSED);
        assertThat(hookRequests.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void givenStrictPolicy_whenSentToLoopbackOverHttps_thenRefusedForTheAddressWithoutOpeningAConnection()
            throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String url = "https://127.0.0.1:" + listener.getLocalPort() + "/hook";

            SendOutcome outcome = sender(strict).send(url, WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

            assertThat(outcome.statusCode()).isEmpty();
            assertThat(outcome.error())
                    .contains("target refused: The host resolves to a loopback address; "
                            + "webhook URLs must point at public internet addresses.");
            listener.setSoTimeout(300);
            assertThatThrownBy(listener::accept).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void givenMalformedSecret_whenSent_thenErrorWithoutConnecting() throws Exception {
        SendOutcome outcome = sender(permissive).send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of("whsec_%%%")).toCompletableFuture().join();

        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).get().asString().startsWith("signing failed: ");
        assertThat(outcome.result()).isEqualTo(AttemptResult.NOT_SENT);
        assertThat(hookRequests.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void givenWebhookIdWithLineBreak_whenSent_thenErrorInsteadOfHeaderInjection() throws Exception {
        SendOutcome outcome = sender(permissive)
                .send(baseUrl() + "/hook", "evt\r\nX-Injected: yes", TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).get().asString().startsWith("request could not be built: ").doesNotContain("\n");
        assertThat(outcome.result()).isEqualTo(AttemptResult.NOT_SENT);
        assertThat(hookRequests.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }

    /**
     * A receiver's name server that never answers: each lookup gets the connect timeout and then is
     * a timeout, and forty of them at once (more than Vert.x's shared worker pool has threads) leave
     * another target's attempt free to go at once.
     */
    @Test
    void givenAResolverThatHangsForOneHost_whenManyAttemptsGoThere_thenEachTimesOutAndAnotherTargetStillGetsThrough()
            throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HostResolver hanging = host -> {
            if (host.startsWith("tarpit.")) {
                awaitQuietly(release);
                throw new java.net.UnknownHostException(host);
            }
            return InetAddress.getAllByName(host);
        };
        HttpWebhookSender sender = new HttpWebhookSender(new AddressWebhookTargetPolicy(true, hanging), vertx,
                Duration.ofMillis(500), ANSWERING_REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));
        try {
            List<CompletableFuture<SendOutcome>> hung = IntStream.range(0, 40).mapToObj(i -> sender
                    .send("https://tarpit.example/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET)).toCompletableFuture())
                    .toList();

            SendOutcome other = sender.send(baseUrl() + "/hook", WEBHOOK_ID, TIMESTAMP, BODY, List.of(SECRET))
                    .toCompletableFuture().get(3, TimeUnit.SECONDS);

            assertThat(other.statusCode()).contains(204);
            for (CompletableFuture<SendOutcome> attempt : hung) {
                SendOutcome outcome = attempt.get(3, TimeUnit.SECONDS);
                assertThat(outcome.result()).isEqualTo(AttemptResult.TIMEOUT);
                assertThat(outcome.error()).contains("target lookup timeout after 500 ms");
            }
        } finally {
            release.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpWebhookSender sender(AddressWebhookTargetPolicy policy) {
        return new HttpWebhookSender(policy, vertx, SHORT_CONNECT_TIMEOUT, ANSWERING_REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));
    }

    private String baseUrl() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort();
    }

    /** Standard Webhooks verification written apart from the production code on purpose. */
    private static String independentHmacBase64(String keyBase64, String signedContent) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(keyBase64), "HmacSHA256"));
        return Base64.getEncoder().encodeToString(mac.doFinal(signedContent.getBytes(StandardCharsets.UTF_8)));
    }

    private static void answer(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    private static void sleep(int millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
