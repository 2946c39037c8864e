package dev.recaudo.domain.webhook;

import java.time.Instant;
import java.util.UUID;

/** A delivery claimed for sending, with what sending needs. */
public record DueDelivery(UUID deliveryId, UUID eventId, String url, String secret, String body, int attemptsSoFar, Instant eventCreatedAt) {}
