package dev.recaudo.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * Port: one signed HTTP POST of a webhook body. Implementations sign with the Standard Webhooks
 * scheme, follow no redirects, bound connect and read time, and re-check the target policy on the
 * resolved address before connecting. Sending is asynchronous: the call returns at once, without
 * waiting for the network, and the stage completes with the outcome once the attempt is over, so a
 * dispatcher keeps many attempts in flight on few threads. The stage never completes exceptionally
 * for a failed delivery: the outcome is data. It may complete on a thread of the HTTP client's, on
 * which nothing may block.
 */
public interface WebhookSender {

    /**
     * A lifecycle delivery, signed once with each of {@code secrets} (one or two: an endpoint's
     * current secret, then the one a rotation replaced while it still signs); the signatures go in
     * that order into the one header, separated by spaces, as the Standard Webhooks scheme allows.
     */
    CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, List<String> secrets);

    /**
     * A callback, signed with its one {@code secret}, the whole attempt (connection and answer)
     * bounded by {@code timeLimit} instead of the configured timeouts: a callback's receiver has a
     * fixed time to answer.
     */
    CompletionStage<SendOutcome> send(String url, String webhookId, Instant timestamp, String body, String secret,
            Duration timeLimit);

    /**
     * What happened: the HTTP status when a response arrived, else an error description; how long
     * the attempt took; and its {@link AttemptResult}, which follows from the status or names why
     * no answer came.
     */
    record SendOutcome(Optional<Integer> statusCode, Optional<String> error, long durationMillis, AttemptResult result) {

        public SendOutcome {
            Objects.requireNonNull(result, "result");
            if (statusCode.isPresent() == error.isPresent()) {
                throw new IllegalArgumentException("an attempt has either a status or an error");
            }
            if (statusCode.isPresent() ? result != AttemptResult.ofStatus(statusCode.get()) : ANSWERED.contains(result)) {
                throw new IllegalArgumentException("result " + result + " does not match the attempt");
            }
        }

        private static final Set<AttemptResult> ANSWERED = EnumSet.of(
                AttemptResult.DELIVERED, AttemptResult.STATUS_3XX, AttemptResult.STATUS_4XX, AttemptResult.STATUS_5XX);

        public static SendOutcome answered(int statusCode, long durationMillis) {
            return new SendOutcome(Optional.of(statusCode), Optional.empty(), durationMillis, AttemptResult.ofStatus(statusCode));
        }

        /** No answer: {@code result} says why, {@code error} describes it. */
        public static SendOutcome failed(AttemptResult result, String error, long durationMillis) {
            return new SendOutcome(Optional.empty(), Optional.of(error), durationMillis, result);
        }

        public boolean succeeded() {
            return result == AttemptResult.DELIVERED;
        }
    }
}
