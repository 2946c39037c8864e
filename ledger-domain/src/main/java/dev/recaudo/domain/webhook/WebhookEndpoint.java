package dev.recaudo.domain.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * A URL where a company receives the events it subscribed to, signed with the endpoint's secret.
 * It belongs to one environment and receives only the events caused in it (by keys of that environment).
 */
public record WebhookEndpoint(
        UUID id, CompanyId companyId, KeyEnvironment environment, String url, Set<String> events, String secret,
        Instant createdAt) {

    public static final Set<String> EVENT_TYPES = Set.of("invoice.created", "invoice.canceled", "invoice.paid");

    public WebhookEndpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(createdAt, "createdAt");
        events = Set.copyOf(events);
        if (events.isEmpty() || !EVENT_TYPES.containsAll(events)) {
            throw new IllegalArgumentException("events must be a non-empty subset of " + EVENT_TYPES);
        }
    }
}
