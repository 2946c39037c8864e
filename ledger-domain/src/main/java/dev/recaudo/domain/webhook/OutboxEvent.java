package dev.recaudo.domain.webhook;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * An event to announce, written in the same transaction as the change it reports. {@code body} is
 * the complete webhook body as a tree of plain values (maps, lists, strings, numbers, booleans,
 * null, and {@link dev.recaudo.domain.common.JsonText} for partner JSON kept verbatim).
 * {@code aggregateId} is what the event is about (the invoice): deliveries of events about the same
 * thing to the same endpoint go out one at a time, in the order the events were written.
 */
public record OutboxEvent(UUID id, TenantScope scope, UUID aggregateId, String type, Instant createdAt,
        Map<String, Object> body) {

    public OutboxEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(aggregateId, "aggregateId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(body, "body");
    }
}
