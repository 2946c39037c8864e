package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import dev.recaudo.domain.webhook.WebhookTargetPolicy.TargetCheck;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Sends one signed webhook POST with the JDK HTTP client. The target is checked again right before
 * each attempt, because what a host name resolves to can change after the endpoint was registered.
 * Every failure, from a refused target to a timeout, comes back as a {@link SendOutcome} so the
 * caller can record the attempt and schedule the next one.
 */
@ApplicationScoped
public class HttpWebhookSender implements WebhookSender {

    static final String USER_AGENT = "Recaudo-Webhooks/1.0";

    /** Error texts are stored with every attempt and shown to administrators; keep them short. */
    private static final int ERROR_LENGTH_MAX = 200;

    private final WebhookTargetPolicy targetPolicy;
    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration requestTimeout;

    @Inject
    public HttpWebhookSender(WebhookTargetPolicy targetPolicy, DeliverySettings settings) {
        this(targetPolicy, Duration.ofMillis(settings.webhooks().connectTimeoutMillis()),
                Duration.ofMillis(settings.webhooks().readTimeoutMillis()));
    }

    /** Lets tests use timeouts of milliseconds instead of seconds. */
    HttpWebhookSender(WebhookTargetPolicy targetPolicy, Duration connectTimeout, Duration requestTimeout) {
        this.targetPolicy = targetPolicy;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
        this.client = HttpClient.newBuilder()
                // A redirect would lead to a target the policy never saw, possibly an internal one.
                .followRedirects(HttpClient.Redirect.NEVER)
                // Through a proxy, the address checked would not be the address connected to.
                .proxy(HttpClient.Builder.NO_PROXY)
                // HTTP/1.1 avoids the h2c upgrade dance on plain http that some receivers mishandle.
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .build();
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, String secret) {
        return attempt(url, webhookId, timestamp, body, secret, requestTimeout, Optional.empty());
    }

    @Override
    public SendOutcome send(String url, String webhookId, Instant timestamp, String body, String secret, Duration timeLimit) {
        return attempt(url, webhookId, timestamp, body, secret, timeLimit, Optional.of(timeLimit));
    }

    /**
     * One attempt. {@code timeLimit}, when present, bounds the whole attempt, connection included:
     * the request runs asynchronously and is abandoned when the limit passes.
     */
    private SendOutcome attempt(String url, String webhookId, Instant timestamp, String body, String secret,
            Duration requestTimeout, Optional<Duration> timeLimit) {
        long startedNanos = System.nanoTime();
        if (targetPolicy.check(url) instanceof TargetCheck.Refused refused) {
            return failed("target refused: " + refused.reason(), startedNanos);
        }
        long timestampSeconds = timestamp.getEpochSecond();
        String signature;
        try {
            signature = StandardWebhookSignature.sign(secret, webhookId, timestampSeconds, body);
        } catch (IllegalArgumentException e) {
            return failed("signing failed: " + e.getMessage(), startedNanos);
        }
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(requestTimeout)
                    .header("Content-Type", "application/json")
                    .header("User-Agent", USER_AGENT)
                    .header("webhook-id", webhookId)
                    .header("webhook-timestamp", Long.toString(timestampSeconds))
                    .header("webhook-signature", signature)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.getBytes(StandardCharsets.UTF_8)))
                    .build();
        } catch (IllegalArgumentException e) {
            return failed("request could not be built: " + e.getMessage(), startedNanos);
        }
        // The stream handler returns as soon as the status line and headers arrive; the body is
        // never read, so a receiver streaming an endless answer cannot hold the attempt open.
        CompletableFuture<HttpResponse<InputStream>> answer =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        try {
            HttpResponse<InputStream> response = timeLimit.isPresent()
                    ? answer.get(timeLimit.get().toMillis(), TimeUnit.MILLISECONDS)
                    : answer.get();
            closeQuietly(response.body());
            return new SendOutcome(Optional.of(response.statusCode()), Optional.empty(), elapsedMillis(startedNanos));
        } catch (TimeoutException e) {
            answer.cancel(true);
            return failed("timeout after " + timeLimit.orElseThrow().toMillis() + " ms", startedNanos);
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            return failed("interrupted before a response arrived", startedNanos);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpConnectTimeoutException) {
                return failed("connect timeout after " + connectTimeout.toMillis() + " ms", startedNanos);
            }
            if (cause instanceof HttpTimeoutException) {
                return failed("timeout after " + requestTimeout.toMillis() + " ms", startedNanos);
            }
            if (cause instanceof IOException failure) {
                return failed(describe(failure), startedNanos);
            }
            return failed(cause == null ? "request failed" : "request failed: " + cause.getClass().getSimpleName(),
                    startedNanos);
        }
    }

    /** A short description of an I/O failure, from the most specific cause the client reports. */
    static String describe(IOException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnresolvedAddressException) {
                return "host could not be resolved";
            }
            if (cause instanceof NoRouteToHostException) {
                return "no route to host";
            }
            if (cause instanceof SSLHandshakeException) {
                return "TLS handshake failed";
            }
            if (cause instanceof SSLException) {
                return "TLS error";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                String message = firstMessage(failure);
                boolean refused = message == null || message.toLowerCase(Locale.ROOT).contains("refused");
                return refused ? "connection refused" : "connection failed: " + message;
            }
        }
        String message = firstMessage(failure);
        return message == null ? "I/O error" : "I/O error: " + message;
    }

    private static String firstMessage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return cause.getMessage();
            }
        }
        return null;
    }

    private static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // The status has already arrived and is the outcome; an unread body failing to close is not.
        }
    }

    private static SendOutcome failed(String error, long startedNanos) {
        return new SendOutcome(Optional.empty(), Optional.of(bounded(error)), elapsedMillis(startedNanos));
    }

    private static String bounded(String error) {
        String singleLine = error.replaceAll("[\\r\\n\\t]+", " ");
        return singleLine.length() <= ERROR_LENGTH_MAX ? singleLine : singleLine.substring(0, ERROR_LENGTH_MAX);
    }

    private static long elapsedMillis(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
    }
}
