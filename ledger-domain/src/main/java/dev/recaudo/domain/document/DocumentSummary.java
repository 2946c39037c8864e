package dev.recaudo.domain.document;

import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A collection document as lists show it. {@code metadataJson} is the partner's opaque JSON text,
 * kept and returned as sent.
 */
public record DocumentSummary(
        UUID id,
        String source,
        String providerId,
        String reference,
        String name,
        DocumentStatus status,
        String remarks,
        String metadataJson,
        Money total,
        Money balance,
        LocalDate dueDate,
        boolean test,
        Instant createdAt,
        Instant updatedAt) {}
