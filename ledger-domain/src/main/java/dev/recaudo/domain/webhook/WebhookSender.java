package dev.recaudo.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Port: one signed HTTP POST of a webhook body. Implementations sign with the Standard Webhooks
 * scheme, follow no redirects, bound connect and read time, and re-check the target policy on the
 * resolved address before connecting. They never throw for a failed delivery: the outcome is data.
 */
public interface WebhookSender {

    /**
     * A lifecycle delivery, signed once with each of {@code secrets} (one or two: an endpoint's
     * current secret, then the one a rotation replaced while it still signs); the signatures go in
     * that order into the one header, separated by spaces, as the Standard Webhooks scheme allows.
     */
    SendOutcome send(String url, String webhookId, Instant timestamp, String body, List<String> secrets);

    /**
     * A callback, signed with its one {@code secret}, the whole attempt (connection and answer)
     * bounded by {@code timeLimit} instead of the configured timeouts: a callback's receiver has a
     * fixed time to answer.
     */
    SendOutcome send(String url, String webhookId, Instant timestamp, String body, String secret, Duration timeLimit);

    /**
     * What happened: the HTTP status when a response arrived, else an error description; and how
     * long the attempt took.
     */
    record SendOutcome(Optional<Integer> statusCode, Optional<String> error, long durationMillis) {

        public boolean succeeded() {
            return statusCode.filter(code -> code >= 200 && code < 300).isPresent();
        }
    }
}
