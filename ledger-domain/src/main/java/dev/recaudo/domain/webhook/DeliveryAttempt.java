package dev.recaudo.domain.webhook;

import java.time.Instant;
import java.util.Optional;

/** One try at a delivery: when, how long, and the status code or the error. */
public record DeliveryAttempt(Instant attemptedAt, long durationMillis, Optional<Integer> statusCode, Optional<String> error) {}
