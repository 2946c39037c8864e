package dev.recaudo.domain.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** One event for one endpoint, with every attempt made so far. */
public record WebhookDelivery(
        UUID id,
        UUID endpointId,
        UUID eventId,
        String eventType,
        DeliveryStatus status,
        int attempts,
        Optional<Instant> nextAttemptAt,
        Instant createdAt,
        List<DeliveryAttempt> attemptLog) {}
