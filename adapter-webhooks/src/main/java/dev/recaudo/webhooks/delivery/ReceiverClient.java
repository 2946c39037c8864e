package dev.recaudo.webhooks.delivery;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.TrustOptions;
import io.vertx.core.tracing.TracingPolicy;
import java.time.Duration;

/** The HTTP client {@link HttpWebhookSender} reaches receivers with, and why each of its options is set. */
final class ReceiverClient {

    /**
     * Connections open at once to one address, at most. Far above any dispatcher's attempts in flight
     * (which bound them), so that requests to one receiver never queue in the client behind another
     * company's slow ones to the same address: the client's default, 5, would make them wait.
     */
    static final int CONNECTIONS_PER_ADDRESS_MAX = 10_000;
    /** For the failures of an exchange this side reset itself: expected, so neither handled nor logged. */
    static final Handler<Throwable> EXPECTED = ignored -> { };

    private ReceiverClient() {}

    /** {@code trust} null trusts the JDK's CAs. */
    static HttpClient build(Vertx vertx, Duration connectTimeout, Duration requestTimeout, TrustOptions trust) {
        HttpClientOptions options = new HttpClientOptions()
                .setConnectTimeout(Math.toIntExact(connectTimeout.toMillis()))
                // One connection per attempt: receivers are many and rarely called twice in a row.
                .setKeepAlive(false)
                // The certificate must name the URL's host, not the address connected to.
                .setVerifyHost(true)
                // No proxy is set: through one, the address checked would not be the address connected to.
                .setProxyOptions(null)
                // A receiver that stops answering mid-way does not keep its socket beyond the attempt's time.
                .setIdleTimeout(Math.toIntExact(connectTimeout.plus(requestTimeout).toSeconds() + 1))
                // The attempt's span is the sender's own (AttemptSpans): no trace context goes to a
                // partner's receiver, and the client adds no span with the URL's path and query.
                .setTracingPolicy(TracingPolicy.IGNORE);
        if (trust != null) {
            options.setTrustOptions(trust);
        }
        // The attempt's outcome is recorded from its status; a connection's later reset or failure
        // (the receiver closing, or this side resetting after the status) is expected, not an error to log.
        return vertx.httpClientBuilder().with(options)
                .with(new PoolOptions().setHttp1MaxSize(CONNECTIONS_PER_ADDRESS_MAX))
                .withConnectHandler(connection -> connection.exceptionHandler(EXPECTED))
                .build();
    }
}
