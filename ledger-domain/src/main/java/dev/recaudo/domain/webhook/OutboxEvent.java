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
 */
public record OutboxEvent(UUID id, TenantScope scope, String type, Instant createdAt, Map<String, Object> body) {

    public OutboxEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(body, "body");
    }
}
