package dev.recaudo.domain.externalpayment;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The attempt to deliver a payment's callback, as {@code webhookAttempts} shows it.
 *
 * @param statusCode the receiver's HTTP status, when an answer arrived
 * @param error why no usable answer arrived (timeout, refused connection, refused target)
 * @param durationMillis empty while the attempt is in flight, and when its result was never learned
 */
public record CallbackAttempt(Instant attemptedAt, CallbackResult result, Optional<Integer> statusCode,
        Optional<String> error, Optional<Long> durationMillis) {

    public CallbackAttempt {
        Objects.requireNonNull(attemptedAt, "attemptedAt");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(statusCode, "statusCode");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(durationMillis, "durationMillis");
    }
}
