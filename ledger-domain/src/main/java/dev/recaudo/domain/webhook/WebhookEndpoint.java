package dev.recaudo.domain.webhook;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/** A URL where a company receives the events it subscribed to, signed with the endpoint's secret. */
public record WebhookEndpoint(UUID id, CompanyId companyId, String url, Set<String> events, String secret, Instant createdAt) {

    public static final Set<String> EVENT_TYPES = Set.of("invoice.created", "invoice.canceled", "invoice.paid");

    public WebhookEndpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(createdAt, "createdAt");
        events = Set.copyOf(events);
        if (events.isEmpty() || !EVENT_TYPES.containsAll(events)) {
            throw new IllegalArgumentException("events must be a non-empty subset of " + EVENT_TYPES);
        }
    }
}
