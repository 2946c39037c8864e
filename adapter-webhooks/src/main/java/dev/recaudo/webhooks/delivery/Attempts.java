package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.MultiMap;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/** The headers of one webhook attempt and the outcomes it can record, kept short and on one line. */
final class Attempts {

    /** Error texts are stored with every attempt and shown to administrators; keep them short. */
    private static final int ERROR_LENGTH_MAX = 200;

    private Attempts() {}

    /** A header value that would end the header early (header injection); nothing is sent. */
    static final class UnsendableException extends Exception {
        UnsendableException(String message) {
            super(message);
        }
    }

    static MultiMap headers(String webhookId, String timestampSeconds, String signature) throws UnsendableException {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "application/json")
                .add("User-Agent", HttpWebhookSender.USER_AGENT)
                .add("webhook-id", webhookId)
                .add("webhook-timestamp", timestampSeconds)
                .add("webhook-signature", signature);
        for (var header : headers) {
            if (header.getValue().chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new UnsendableException("request could not be built: the " + header.getKey()
                        + " header contains a line break");
            }
        }
        return headers;
    }

    /** A short description of a failed connection or exchange, from the most specific cause reported. */
    static String describe(Throwable failure, Duration connectTimeout) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectTimeoutException) {
                return "connect timeout after " + connectTimeout.toMillis() + " ms";
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

    static SendOutcome answered(int statusCode, long startedNanos) {
        return new SendOutcome(Optional.of(statusCode), Optional.empty(), elapsedMillis(startedNanos));
    }

    static SendOutcome failed(String error, long startedNanos) {
        return new SendOutcome(Optional.empty(), Optional.of(bounded(error)), elapsedMillis(startedNanos));
    }

    static long elapsedMillis(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
    }

    private static String firstMessage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return cause.getMessage();
            }
        }
        return null;
    }

    private static String bounded(String error) {
        String singleLine = error.replaceAll("[\\r\\n\\t]+", " ");
        return singleLine.length() <= ERROR_LENGTH_MAX ? singleLine : singleLine.substring(0, ERROR_LENGTH_MAX);
    }
}
