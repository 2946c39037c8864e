package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender;
import io.opentelemetry.api.trace.Tracer;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.TrustOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * Sends one signed webhook POST with the Vert.x HTTP client, asynchronously: {@code send} returns at
 * once and the stage completes when the attempt is over, so one instance keeps many attempts in
 * flight without a thread each. Before each attempt the host is resolved once and every address it
 * resolves to is checked ({@link AddressWebhookTargetPolicy#inspect}) on a thread of the sender's own
 * ({@link TargetLookups}), as the system resolver blocks, within the connect timeout (longer is a
 * timeout, as a connection's would be). The client then connects to a checked address itself
 * ({@link RequestOptions#setServer}), while the Host header, the TLS server name and the certificate
 * check keep the host name of the URL. No second lookup happens between check and connection, so a
 * name whose DNS answer changes in between (DNS rebinding) cannot lead the request to an address the
 * policy never saw. Every failure, from a refused target to a timeout, comes back as a
 * {@link SendOutcome} so the caller can record it.
 */
@ApplicationScoped
public class HttpWebhookSender implements WebhookSender {

    static final String USER_AGENT = "Recaudo-Webhooks/1.0";


    private final AddressWebhookTargetPolicy targetPolicy;
    private final Vertx vertx;
    private final HttpClient client;
    private final TargetLookups lookups;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final AttemptSpans spans;

    @Inject
    public HttpWebhookSender(AddressWebhookTargetPolicy targetPolicy, Vertx vertx, DeliverySettings settings, Tracer tracer) {
        this(targetPolicy, vertx, Duration.ofMillis(settings.webhooks().connectTimeoutMillis()),
                Duration.ofMillis(settings.webhooks().readTimeoutMillis()), null, tracer);
    }

    /** Lets tests use timeouts of milliseconds and trust a test certificate; {@code trust} null trusts the JDK's CAs. */
    HttpWebhookSender(AddressWebhookTargetPolicy targetPolicy, Vertx vertx, Duration connectTimeout,
            Duration requestTimeout, TrustOptions trust, Tracer tracer) {
        this.targetPolicy = targetPolicy;
        this.vertx = vertx;
        this.spans = new AttemptSpans(tracer);
        this.lookups = new TargetLookups(vertx);
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
        this.client = ReceiverClient.build(vertx, connectTimeout, requestTimeout, trust);
    }

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, List<String> secrets) {
        return attempt(url, webhookId, timestamp, body, secrets, Optional.empty());
    }

    @Override
    public CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, String secret,
            Duration timeLimit) {
        return attempt(url, webhookId, timestamp, body, List.of(secret), Optional.of(timeLimit));
    }

    /**
     * One attempt. Without {@code timeLimit}, the connection has the connect timeout and the answer
     * the request timeout after it; with one, the limit bounds the whole attempt.
     */
    private CompletionStage<SendOutcome> attempt(String url, String webhookId, Instant timestamp, String body,
            List<String> secrets, Optional<Duration> timeLimit) {
        long startedNanos = System.nanoTime();
        AttemptSpans.Open span = spans.start(url, webhookId);
        // The lookup is part of connecting: it gets the connection's budget, and the connection what it left.
        long connectBudgetMillis = timeLimit.orElse(connectTimeout).toMillis();
        Future<Prepared> prepared = lookups.run(() -> prepare(url, webhookId, timestamp, body, secrets, startedNanos),
                connectBudgetMillis);
        return prepared
                .compose(ready -> ready.unsent() != null ? Future.succeededFuture(ready.unsent())
                        : exchange(ready, body, timeLimit, connectBudgetMillis, startedNanos))
                .recover(failure -> Future.succeededFuture(Attempts.failedBeforeExchange(failure, connectBudgetMillis,
                        startedNanos)))
                .onSuccess(span::end)
                .toCompletionStage();
    }

    /** What the exchange needs, or the outcome of an attempt that ends before it: a refused target, a request that cannot be signed. */
    private record Prepared(CheckedTarget.Approved target, MultiMap headers, SendOutcome unsent) {}

    /** The lookup, the target check and the signature; blocks on the resolver, so never on an event loop. */
    private Prepared prepare(String url, String webhookId, Instant timestamp, String body, List<String> secrets,
            long startedNanos) {
        CheckedTarget checked = targetPolicy.inspect(url);
        if (checked instanceof CheckedTarget.Refused refused) {
            return unsent(Attempts.failed(AttemptResult.TARGET_REFUSED, "target refused: " + refused.reason(), startedNanos));
        }
        CheckedTarget.Approved target = (CheckedTarget.Approved) checked;
        long timestampSeconds = timestamp.getEpochSecond();
        MultiMap headers;
        try {
            headers = Attempts.headers(webhookId, Long.toString(timestampSeconds),
                    StandardWebhookSignature.signWithEach(secrets, webhookId, timestampSeconds, body));
        } catch (Attempts.UnsendableException e) {
            return unsent(Attempts.failed(AttemptResult.NOT_SENT, e.getMessage(), startedNanos));
        } catch (IllegalArgumentException e) {
            return unsent(Attempts.failed(AttemptResult.NOT_SENT, "signing failed: " + e.getMessage(), startedNanos));
        }
        if (target.host().contains(":")) {
            // Vert.x writes an IPv6 host into the Host header without the brackets the header needs.
            headers.set("Host", "[" + target.host() + "]:" + target.port());
        }
        return new Prepared(target, headers, null);
    }

    private static Prepared unsent(SendOutcome outcome) {
        return new Prepared(null, null, outcome);
    }

    private Future<SendOutcome> exchange(Prepared ready, String body, Optional<Duration> timeLimit, long connectBudgetMillis,
            long startedNanos) {
        return connect(ready, 0, connectBudgetMillis, startedNanos, null).compose(
                request -> answer(request, body, timeLimit, startedNanos),
                failure -> Future.succeededFuture(failure instanceof TimeoutException
                        ? Attempts.failed(AttemptResult.TIMEOUT, timeLimit.isPresent()
                                ? "timeout after " + timeLimit.get().toMillis() + " ms"
                                : "connect timeout after " + connectTimeout.toMillis() + " ms", startedNanos)
                        : Attempts.failedExchange(failure, connectTimeout, startedNanos)));
    }

    /**
     * Connects to the checked addresses in the resolver's order, moving to the next only when one
     * fails at once (refused, unreachable: an IPv6 address without a route, say) and the budget lasts.
     * Only checked addresses are ever tried; the name is not looked up again.
     */
    private Future<HttpClientRequest> connect(Prepared ready, int index, long budgetMillis, long startedNanos,
            Throwable lastFailure) {
        CheckedTarget.Approved target = ready.target();
        if (index >= target.addresses().size()) {
            return Future.failedFuture(lastFailure);
        }
        long leftMillis = budgetMillis - Attempts.elapsedMillis(startedNanos);
        if (leftMillis <= 0) {
            return Future.failedFuture(new TimeoutException());
        }
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(target.addresses().get(index), target.port())))
                .setHost(target.host())
                .setPort(target.port())
                .setSsl(target.https())
                .setURI(target.pathAndQuery())
                .setHeaders(ready.headers())
                // A redirect would lead to a target the policy never saw: its status is the outcome.
                .setFollowRedirects(false);
        // Failures reach the caller through the answer's future; the request's handler only keeps
        // Vert.x from logging as an error a reset this side does itself, as the answer's does.
        Future<HttpClientRequest> connecting = client.request(options).map(request -> request.exceptionHandler(ReceiverClient.EXPECTED));
        // A connection that comes after all, once the budget is spent, is closed at once.
        return Deadlines.within(vertx, connecting, leftMillis, HttpClientRequest::reset).recover(failure -> failure instanceof TimeoutException
                ? Future.failedFuture(failure)
                : connect(ready, index + 1, budgetMillis, startedNanos, failure));
    }

    @PreDestroy
    void stop() {
        lookups.close();
    }

    /** Sends the body and waits for the status; the body of the answer is never read. */
    private Future<SendOutcome> answer(HttpClientRequest request, String body, Optional<Duration> timeLimit, long startedNanos) {
        long budgetMillis = timeLimit.map(limit -> limit.toMillis() - Attempts.elapsedMillis(startedNanos))
                .orElse(requestTimeout.toMillis());
        Duration reported = timeLimit.orElse(requestTimeout);
        // The answer's handler is set on the event loop as the status arrives, before its body can end.
        Future<HttpClientResponse> answer = request.send(Buffer.buffer(body.getBytes(StandardCharsets.UTF_8)))
                .map(HttpWebhookSender::quiet);
        return Deadlines.within(vertx, answer, Math.max(1, budgetMillis), late -> request.reset()).transform(result -> {
            if (result.succeeded()) {
                // The status is the outcome; an endless answer cannot hold the attempt.
                request.reset();
                return Future.succeededFuture(Attempts.answered(result.result().statusCode(), startedNanos));
            }
            if (result.cause() instanceof TimeoutException) {
                request.reset();
                return Future.succeededFuture(Attempts.failed(AttemptResult.TIMEOUT,
                        "timeout after " + reported.toMillis() + " ms", startedNanos));
            }
            return Future.succeededFuture(Attempts.failedExchange(result.cause(), connectTimeout, startedNanos));
        });
    }

    /**
     * The answer, with a handler for the reset this side does once it has the status. An answer
     * without a body may have ended already, and Vert.x refuses a handler on an ended answer: that
     * refusal used to fail the attempt of a receiver that had answered (an empty 200 recorded as
     * failed, now and then); an ended answer has nothing left to reset, so it needs no handler.
     */
    private static HttpClientResponse quiet(HttpClientResponse response) {
        try {
            response.exceptionHandler(ReceiverClient.EXPECTED);
        } catch (IllegalStateException ended) {
            // Already read to its end: no reset can follow.
        }
        return response;
    }
}
