package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.TrustOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one signed webhook POST with the Vert.x HTTP client. Before each attempt the host is resolved
 * once and every address it resolves to is checked ({@link AddressWebhookTargetPolicy#inspect}); the
 * client then connects to a checked address itself ({@link RequestOptions#setServer}), while
 * the Host header, the TLS server name and the certificate check keep the host name of the URL. No
 * second lookup happens between check and connection, so a name whose DNS answer changes in between
 * (DNS rebinding) cannot lead the request to an address the policy never saw. Every failure, from a
 * refused target to a timeout, comes back as a {@link SendOutcome} so the caller can record it.
 */
@ApplicationScoped
public class HttpWebhookSender implements WebhookSender {

    static final String USER_AGENT = "Recaudo-Webhooks/1.0";

    private static final String INTERRUPTED = "interrupted before a response arrived";
    /** For the failures of an exchange this side reset itself: expected, so neither handled nor logged. */
    private static final Handler<Throwable> EXPECTED = ignored -> { };

    private final AddressWebhookTargetPolicy targetPolicy;
    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration requestTimeout;

    @Inject
    public HttpWebhookSender(AddressWebhookTargetPolicy targetPolicy, Vertx vertx, DeliverySettings settings) {
        this(targetPolicy, vertx, Duration.ofMillis(settings.webhooks().connectTimeoutMillis()),
                Duration.ofMillis(settings.webhooks().readTimeoutMillis()), null);
    }

    /** Lets tests use timeouts of milliseconds and trust a test certificate; {@code trust} null trusts the JDK's CAs. */
    HttpWebhookSender(AddressWebhookTargetPolicy targetPolicy, Vertx vertx, Duration connectTimeout,
            Duration requestTimeout, TrustOptions trust) {
        this.targetPolicy = targetPolicy;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
        HttpClientOptions options = new HttpClientOptions()
                .setConnectTimeout(Math.toIntExact(connectTimeout.toMillis()))
                // One connection per attempt: receivers are many and rarely called twice in a row.
                .setKeepAlive(false)
                // The certificate must name the URL's host, not the address connected to.
                .setVerifyHost(true)
                // No proxy is set: through one, the address checked would not be the address connected to.
                .setProxyOptions(null)
                // A receiver that stops answering mid-way does not keep its socket beyond the attempt's time.
                .setIdleTimeout(Math.toIntExact(connectTimeout.plus(requestTimeout).toSeconds() + 1));
        if (trust != null) {
            options.setTrustOptions(trust);
        }
        // The attempt's outcome is recorded from its status; a connection's later reset or failure
        // (the receiver closing, or this side resetting after the status) is expected, not an error to log.
        this.client = vertx.httpClientBuilder().with(options)
                .withConnectHandler(connection -> connection.exceptionHandler(EXPECTED))
                .build();
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, List<String> secrets) {
        return attempt(url, webhookId, timestamp, body, secrets, Optional.empty());
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, String secret, Duration timeLimit) {
        return attempt(url, webhookId, timestamp, body, List.of(secret), Optional.of(timeLimit));
    }

    /**
     * One attempt. Without {@code timeLimit}, the connection has the connect timeout and the answer
     * the request timeout after it; with one, the limit bounds the whole attempt.
     */
    private SendOutcome attempt(String url, String webhookId, Instant timestamp, String body, List<String> secrets,
            Optional<Duration> timeLimit) {
        long startedNanos = System.nanoTime();
        CheckedTarget checked = targetPolicy.inspect(url);
        if (checked instanceof CheckedTarget.Refused refused) {
            return Attempts.failed(AttemptResult.TARGET_REFUSED, "target refused: " + refused.reason(), startedNanos);
        }
        CheckedTarget.Approved target = (CheckedTarget.Approved) checked;
        long timestampSeconds = timestamp.getEpochSecond();
        MultiMap headers;
        try {
            headers = Attempts.headers(webhookId, Long.toString(timestampSeconds),
                    StandardWebhookSignature.signWithEach(secrets, webhookId, timestampSeconds, body));
        } catch (Attempts.UnsendableException e) {
            return Attempts.failed(AttemptResult.NOT_SENT, e.getMessage(), startedNanos);
        } catch (IllegalArgumentException e) {
            return Attempts.failed(AttemptResult.NOT_SENT, "signing failed: " + e.getMessage(), startedNanos);
        }
        if (target.host().contains(":")) {
            // Vert.x writes an IPv6 host into the Host header without the brackets the header needs.
            headers.set("Host", "[" + target.host() + "]:" + target.port());
        }
        HttpClientRequest request;
        try {
            request = connect(target, headers, timeLimit.orElse(connectTimeout).toMillis(), startedNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Attempts.failed(AttemptResult.CONNECTION_FAILED, INTERRUPTED, startedNanos);
        } catch (TimeoutException e) {
            return Attempts.failed(AttemptResult.TIMEOUT, timeLimit.isPresent() ? "timeout after " + timeLimit.get().toMillis() + " ms"
                    : "connect timeout after " + connectTimeout.toMillis() + " ms", startedNanos);
        } catch (ExecutionException e) {
            return Attempts.failedExchange(e.getCause(), connectTimeout, startedNanos);
        } catch (RuntimeException e) {
            // A target the client cannot even address: recorded as this attempt's failure, so one bad
            // endpoint never stops a dispatcher's batch.
            return Attempts.failed(AttemptResult.NOT_SENT, "request could not be built: " + e.getMessage(), startedNanos);
        }
        long answerBudgetMillis = timeLimit.map(limit -> limit.toMillis() - Attempts.elapsedMillis(startedNanos))
                .orElse(requestTimeout.toMillis());
        Duration reported = timeLimit.orElse(requestTimeout);
        try {
            // The answer's handler is set on the event loop as the status arrives, before its body can end.
            Future<HttpClientResponse> answer = request.send(Buffer.buffer(body.getBytes(StandardCharsets.UTF_8)))
                    .map(HttpWebhookSender::quiet);
            HttpClientResponse response = await(answer, Math.max(1, answerBudgetMillis));
            // The status is the outcome; the body is never read, so an endless answer cannot hold the attempt.
            request.reset();
            return Attempts.answered(response.statusCode(), startedNanos);
        } catch (InterruptedException e) {
            // Shutting down, say: the receiver's connection is not left open until the idle timeout.
            request.reset();
            Thread.currentThread().interrupt();
            return Attempts.failed(AttemptResult.CONNECTION_FAILED, INTERRUPTED, startedNanos);
        } catch (TimeoutException e) {
            request.reset();
            return Attempts.failed(AttemptResult.TIMEOUT, "timeout after " + reported.toMillis() + " ms", startedNanos);
        } catch (ExecutionException e) {
            return Attempts.failedExchange(e.getCause(), connectTimeout, startedNanos);
        }
    }

    /**
     * Connects to the checked addresses in the resolver's order, moving to the next only when one
     * fails at once (refused, unreachable: an IPv6 address without a route, say) and the budget lasts.
     * Only checked addresses are ever tried; the name is not looked up again.
     */
    private HttpClientRequest connect(CheckedTarget.Approved target, MultiMap headers, long budgetMillis, long startedNanos)
            throws TimeoutException, ExecutionException, InterruptedException {
        ExecutionException failure = null;
        for (InetAddress address : target.addresses()) {
            long leftMillis = budgetMillis - Attempts.elapsedMillis(startedNanos);
            if (leftMillis <= 0) {
                throw new TimeoutException();
            }
            RequestOptions options = new RequestOptions()
                    .setMethod(HttpMethod.POST)
                    .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(address, target.port())))
                    .setHost(target.host())
                    .setPort(target.port())
                    .setSsl(target.https())
                    .setURI(target.pathAndQuery())
                    .setHeaders(headers)
                    // A redirect would lead to a target the policy never saw: its status is the outcome.
                    .setFollowRedirects(false);
            // Failures reach the caller through the answer's future; the request's handler only keeps
            // Vert.x from logging as an error a reset this side does itself, as the answer's does.
            Future<HttpClientRequest> connecting = client.request(options)
                    .map(request -> request.exceptionHandler(EXPECTED));
            try {
                return await(connecting, leftMillis);
            } catch (TimeoutException | InterruptedException e) {
                // A connection that comes after all is closed at once.
                connecting.onSuccess(HttpClientRequest::reset);
                throw e;
            } catch (ExecutionException e) {
                failure = e;
            }
        }
        throw failure;
    }

    /**
     * The answer, with a handler for the reset this side does once it has the status. An answer
     * without a body may have ended already, and Vert.x refuses a handler on an ended answer: that
     * refusal used to fail the attempt of a receiver that had answered (an empty 200 recorded as
     * failed, now and then); an ended answer has nothing left to reset, so it needs no handler.
     */
    private static HttpClientResponse quiet(HttpClientResponse response) {
        try {
            response.exceptionHandler(EXPECTED);
        } catch (IllegalStateException ended) {
            // Already read to its end: no reset can follow.
        }
        return response;
    }

    /** Waits on a worker thread (the dispatchers' scheduler thread), never on a Vert.x event loop. */
    private static <T> T await(Future<T> future, long millis)
            throws TimeoutException, ExecutionException, InterruptedException {
        return future.toCompletionStage().toCompletableFuture().get(millis, TimeUnit.MILLISECONDS);
    }
}
