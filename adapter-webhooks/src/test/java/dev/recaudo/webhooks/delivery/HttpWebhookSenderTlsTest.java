package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.trace.TracerProvider;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.PfxOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Over https the sender connects to the checked address but speaks to the host of the URL: the TLS
 * server name (SNI) and the Host header carry it, and the receiver's certificate must name it. The
 * receiver holds a test certificate for {@code hooks.example.test} (src/test/resources/tls), and
 * names reach it on 127.0.0.1 through a {@link ScriptedResolver}.
 */
class HttpWebhookSenderTlsTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String BODY = "{\"type\":\"invoice.paid\"}";

    private static final Vertx VERTX = TestVertx.get();
    private static HttpServer receiver;
    private static final BlockingQueue<String> seen = new LinkedBlockingQueue<>();

    @BeforeAll
    static void startTlsReceiver() throws Exception {
        HttpServerOptions options = new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(0)
                .setSsl(true)
                .setSni(true)
                .setKeyCertOptions(new PfxOptions().setPath(resource("tls/receiver.p12")).setPassword("receiver-test"));
        receiver = VERTX.createHttpServer(options)
                .requestHandler(request -> {
                    seen.add("sni=" + request.connection().indicatedServerName() + " host=" + request.getHeader("Host"));
                    request.response().setStatusCode(204).end();
                })
                .listen()
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void givenNameResolvedToTheReceiver_whenSentOverHttps_thenSniAndHostCarryTheNameAndTheCertificateIsAccepted()
            throws Exception {
        ScriptedResolver resolver = new ScriptedResolver().answer("hooks.example.test", "127.0.0.1");

        SendOutcome outcome = sender(resolver).send(url("hooks.example.test"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.statusCode()).as(outcome.error().orElse("")).contains(204);
        assertThat(seen.poll(5, TimeUnit.SECONDS))
                .isEqualTo("sni=hooks.example.test host=hooks.example.test:" + receiver.actualPort());
        assertThat(resolver.lookups("hooks.example.test")).isEqualTo(1);
    }

    /** The certificate is checked against the URL's host, not the address: another name on the same address fails. */
    @Test
    void givenNameTheCertificateDoesNotCover_whenSentOverHttps_thenTlsHandshakeFailsAndNothingIsDelivered()
            throws Exception {
        ScriptedResolver resolver = new ScriptedResolver().answer("other.example.test", "127.0.0.1");

        SendOutcome outcome = sender(resolver).send(url("other.example.test"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.statusCode()).isEmpty();
        assertThat(outcome.error()).contains("TLS handshake failed");
        assertThat(outcome.result()).isEqualTo(AttemptResult.CONNECTION_FAILED);
        assertThat(seen.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }

    /** An address literal has no name for the certificate to match: the test certificate names a host, so it fails. */
    @Test
    void givenAddressLiteral_whenSentOverHttps_thenCertificateForAHostNameIsNotAccepted() throws Exception {
        SendOutcome outcome = sender(new ScriptedResolver()).send(url("127.0.0.1"), "evt_1", Instant.now(), BODY, List.of(SECRET)).toCompletableFuture().join();

        assertThat(outcome.error()).contains("TLS handshake failed");
        assertThat(outcome.result()).isEqualTo(AttemptResult.CONNECTION_FAILED);
        assertThat(seen.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }

    private static HttpWebhookSender sender(ScriptedResolver resolver) {
        return new HttpWebhookSender(new AddressWebhookTargetPolicy(true, resolver), VERTX, Duration.ofSeconds(2),
                Duration.ofSeconds(5), new PemTrustOptions().addCertPath(resource("tls/receiver-cert.pem")), TracerProvider.noop().get("test"));
    }

    private static String url(String host) {
        return "https://" + host + ":" + receiver.actualPort() + "/hook";
    }

    private static String resource(String name) {
        return Objects.requireNonNull(HttpWebhookSenderTlsTest.class.getClassLoader().getResource(name), name).getPath();
    }
}
