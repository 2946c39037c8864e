package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.MultiMap;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
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

    /** A failed connection or exchange, classified and described from the most specific cause reported. */
    static SendOutcome failedExchange(Throwable failure, Duration connectTimeout, long startedNanos) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectTimeoutException) {
                return failed(AttemptResult.TIMEOUT, "connect timeout after " + connectTimeout.toMillis() + " ms", startedNanos);
            }
            if (cause instanceof NoRouteToHostException) {
                return failed(AttemptResult.CONNECTION_FAILED, "no route to host", startedNanos);
            }
            if (cause instanceof SSLHandshakeException) {
                return failed(AttemptResult.CONNECTION_FAILED, "TLS handshake failed", startedNanos);
            }
            if (cause instanceof SSLException) {
                return failed(AttemptResult.CONNECTION_FAILED, "TLS error", startedNanos);
            }
        }
        String message = firstMessage(failure);
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                boolean refused = message == null || message.toLowerCase(Locale.ROOT).contains("refused");
                return failed(AttemptResult.CONNECTION_FAILED, refused ? "connection refused" : "connection failed: " + message,
                        startedNanos);
            }
        }
        return failed(AttemptResult.CONNECTION_FAILED, message == null ? "I/O error" : "I/O error: " + message, startedNanos);
    }

    /**
     * An attempt that ended before its exchange: its target's lookup outlasted the connection's
     * budget (a timeout, as a connection's would be), or the request could not be built.
     */
    static SendOutcome failedBeforeExchange(Throwable failure, long connectBudgetMillis, long startedNanos) {
        return failure instanceof TimeoutException
                ? failed(AttemptResult.TIMEOUT, "target lookup timeout after " + connectBudgetMillis + " ms", startedNanos)
                : failed(AttemptResult.NOT_SENT, "request could not be built: " + failure.getMessage(), startedNanos);
    }

    static SendOutcome answered(int statusCode, long startedNanos) {
        return SendOutcome.answered(statusCode, elapsedMillis(startedNanos));
    }

    static SendOutcome failed(AttemptResult result, String error, long startedNanos) {
        return SendOutcome.failed(result, bounded(error), elapsedMillis(startedNanos));
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
