package dev.recaudo.domain.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * A URL where a company receives the events it subscribed to, signed with the endpoint's secrets.
 * It belongs to one environment and receives only the events caused in it (by keys of that environment).
 */
public record WebhookEndpoint(
        UUID id, CompanyId companyId, KeyEnvironment environment, String url, Set<String> events,
        EndpointSecrets secrets, Instant createdAt) {

    public static final Set<String> EVENT_TYPES = Set.of("invoice.created", "invoice.canceled", "invoice.paid");

    public WebhookEndpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(createdAt, "createdAt");
        events = Set.copyOf(events);
        if (events.isEmpty() || !EVENT_TYPES.containsAll(events)) {
            throw new IllegalArgumentException("events must be a non-empty subset of " + EVENT_TYPES);
        }
    }

    /** The same endpoint after a rotation of its secrets. */
    public WebhookEndpoint withSecrets(EndpointSecrets rotated) {
        return new WebhookEndpoint(id, companyId, environment, url, events, rotated, createdAt);
    }
}
