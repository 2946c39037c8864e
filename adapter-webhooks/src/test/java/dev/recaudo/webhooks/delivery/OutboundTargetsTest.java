package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.trace.TracerProvider;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Server-side request forgery through the sender, as production runs it (private targets not
 * allowed): every way of writing or reaching an internal address ends as a failed attempt, and not
 * one connection reaches the loopback {@link Canary}. Names get their addresses from a
 * {@link ScriptedResolver}, which also shows that each attempt resolves its host exactly once.
 */
class OutboundTargetsTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String BODY = "{\"type\":\"invoice.paid\"}";
    /** Generous: the answering receivers here must answer on a loaded build machine with a cold JVM. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final Vertx vertx = TestVertx.get();

    private Canary canary;
    private final ScriptedResolver resolver = new ScriptedResolver();

    @BeforeEach
    void startCanary() throws IOException {
        canary = new Canary();
    }

    @AfterEach
    void canaryWasNeverReached() throws Exception {
        Thread.sleep(50); // lets a connection that was made anyway be counted
        assertThat(canary.accepted()).as("connections that reached the loopback canary").isZero();
        canary.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://127.0.0.1:{port}/h", "https://127.255.0.9:{port}/h", "https://[::1]:{port}/h",
        "https://0.0.0.0:{port}/h", "https://[::]:{port}/h", "https://[::ffff:127.0.0.1]:{port}/h",
        "https://[::ffff:7f00:1]:{port}/h", "https://[::ffff:0:7f00:1]:{port}/h", "https://[::127.0.0.1]:{port}/h",
        "https://[2002:7f00:1::]:{port}/h", "https://[64:ff9b::7f00:1]:{port}/h",
        "https://10.0.0.1:{port}/h", "https://172.16.0.1:{port}/h", "https://172.31.255.254:{port}/h",
        "https://192.168.1.1:{port}/h", "https://169.254.1.1:{port}/h", "https://[fe80::1]:{port}/h",
        "https://100.64.0.1:{port}/h", "https://100.127.255.254:{port}/h",
        "https://169.254.169.254/latest/meta-data/", "https://[fd00:ec2::254]/latest/meta-data/",
        "https://[::ffff:169.254.169.254]/latest/meta-data/",
        "http://127.0.0.1:{port}/h", "http://93.184.216.34:{port}/h",
    })
    void givenInternalAddressLiteral_whenSent_thenTargetRefusedAndNothingConnected(String url) {
        SendOutcome outcome = strictSender().send(at(url), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertRefused(outcome);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://2130706433:{port}/h", "https://0177.0.0.1:{port}/h", "https://0x7f000001:{port}/h",
        "https://0x7f.0.0.1:{port}/h", "https://017700000001:{port}/h", "https://127.1:{port}/h",
        "https://127.0.1:{port}/h", "https://127.0.0.1.:{port}/h", "https://[::ffff:0177.0.0.1]:{port}/h",
        "https://3232235777/h", "https://0xa9fea9fe/latest/meta-data/",
    })
    void givenLoopbackOrMetadataInAmbiguousEncoding_whenSent_thenRefusedBeforeAnyLookup(String url) {
        SendOutcome outcome = strictSender().send(at(url), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertRefused(outcome);
        assertThat(outcome.error()).get().asString().contains("ambiguous");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "127.0.0.1", "::1", "0.0.0.0", "10.1.2.3", "172.20.0.1", "192.168.0.10", "169.254.169.254", "fd00:ec2::254",
        "fe80::1", "100.64.0.1", "::ffff:127.0.0.1", "93.184.216.34,127.0.0.1", "2606:2800:220:1::1,::1",
    })
    void givenNameResolvingToAnInternalAddress_whenSent_thenRefusedAfterOneLookup(String answer) {
        resolver.answer("internal.example.test", answer).answer("internal.example.test.", answer);

        for (String host : List.of("internal.example.test", "internal.example.test.")) {
            SendOutcome outcome = strictSender().send(at("https://" + host + ":{port}/h"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

            assertRefused(outcome);
            assertThat(resolver.lookups(host)).isEqualTo(1);
        }
    }

    /**
     * A rebinding DNS server answers a public address to the check and loopback to the connection.
     * The sender connects to the address it checked, so the second answer is never asked for.
     */
    @Test
    void givenNameThatRebindsFromPublicToLoopback_whenSent_thenResolvedOnceAndConnectedToTheCheckedAddressOnly() {
        resolver.answer("rebind.example.test", "93.184.216.34", "127.0.0.1");

        SendOutcome outcome = strictSender()
                .send(at("https://rebind.example.test:{port}/h"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(resolver.lookups("rebind.example.test")).isEqualTo(1);
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.error()).get().asString().doesNotStartWith("target refused");
    }

    @Test
    void givenUnresolvableName_whenSent_thenRefusedWithoutConnecting() {
        SendOutcome outcome = strictSender().send(at("https://nowhere.example.test:{port}/h"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.error()).contains("target refused: The host name could not be resolved.");
    }

    /** Private targets allowed (as in development), a receiver's redirect toward the canary is recorded, not followed. */
    @ParameterizedTest
    @ValueSource(ints = {301, 302, 303, 307, 308})
    void givenReceiverRedirectingToLoopback_whenSent_thenRedirectRecordedAsFailedAndNotFollowed(int status) throws IOException {
        AtomicReference<String> hostSeen = new AtomicReference<>();
        HttpServer redirecting = receiver("127.0.0.1", status, "http://127.0.0.1:" + canary.port() + "/internal", hostSeen);
        try {
            resolver.answer("receiver.example.test", "127.0.0.1");
            int port = redirecting.getAddress().getPort();
            HttpWebhookSender sender = new HttpWebhookSender(new AddressWebhookTargetPolicy(true, resolver), vertx,
                    CONNECT_TIMEOUT, REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));

            SendOutcome outcome = sender.send("http://receiver.example.test:" + port + "/h", "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

            assertThat(outcome.succeeded()).isFalse();
            assertThat(outcome.statusCode()).as(outcome.error().orElse("")).contains(status);
            assertThat(hostSeen.get()).isEqualTo("receiver.example.test:" + port);
            assertThat(resolver.lookups("receiver.example.test")).isEqualTo(1);
        } finally {
            redirecting.stop(0);
        }
    }

    private HttpWebhookSender strictSender() {
        return new HttpWebhookSender(new AddressWebhookTargetPolicy(false, resolver), vertx, CONNECT_TIMEOUT,
                REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));
    }

    private String at(String url) {
        return url.replace("{port}", Integer.toString(canary.port()));
    }

    private static void assertRefused(SendOutcome outcome) {
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).get().asString().startsWith("target refused: ");
        assertThat(outcome.result()).isEqualTo(AttemptResult.TARGET_REFUSED);
    }

    /** An IPv6 literal is connected to as written and named in the Host header with its brackets. */
    @Test
    void givenIpv6LiteralReceiver_whenSent_thenHostHeaderKeepsTheBrackets() throws IOException {
        AtomicReference<String> hostSeen = new AtomicReference<>();
        HttpServer receiver = receiver("::1", 204, null, hostSeen);
        try {
            int port = receiver.getAddress().getPort();
            HttpWebhookSender sender = new HttpWebhookSender(new AddressWebhookTargetPolicy(true, resolver), vertx,
                    CONNECT_TIMEOUT, REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));

            SendOutcome outcome = sender.send("http://[::1]:" + port + "/h", "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

            assertThat(outcome.statusCode()).as(outcome.error().orElse("")).contains(204);
            assertThat(hostSeen.get()).isEqualTo("[::1]:" + port);
        } finally {
            receiver.stop(0);
        }
    }

    /** A name with two checked addresses: the first refuses at once, so the second gets the request, with no new lookup. */
    @Test
    void givenFirstCheckedAddressRefuses_whenSent_thenTheNextCheckedAddressIsTriedWithoutAnotherLookup() throws IOException {
        HttpServer receiver = receiver("127.0.0.1", 204, null, new AtomicReference<>());
        try {
            int port = receiver.getAddress().getPort();
            resolver.answer("two.example.test", "::1,127.0.0.1");
            HttpWebhookSender sender = new HttpWebhookSender(new AddressWebhookTargetPolicy(true, resolver), vertx,
                    CONNECT_TIMEOUT, REQUEST_TIMEOUT, null, TracerProvider.noop().get("test"));

            SendOutcome outcome = sender.send("http://two.example.test:" + port + "/h", "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

            assertThat(outcome.statusCode()).as(outcome.error().orElse("")).contains(204);
            assertThat(resolver.lookups("two.example.test")).isEqualTo(1);
        } finally {
            receiver.stop(0);
        }
    }

    /** A started receiver on the address that answers {@code status}, with a {@code Location} when given, and keeps the Host it saw. */
    private static HttpServer receiver(String address, int status, String location, AtomicReference<String> hostSeen)
            throws IOException {
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 0);
        receiver.createContext("/", exchange -> {
            hostSeen.set(exchange.getRequestHeaders().getFirst("Host"));
            exchange.getRequestBody().readAllBytes();
            if (location != null) {
                exchange.getResponseHeaders().add("Location", location);
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        return receiver;
    }
}
