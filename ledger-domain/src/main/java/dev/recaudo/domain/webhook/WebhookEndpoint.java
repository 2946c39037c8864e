package dev.recaudo.domain.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.TargetHealth;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * A URL where a company receives the events it subscribed to, signed with the endpoint's secrets.
 * It belongs to one environment and receives only the events caused in it (by keys of that environment).
 * Its {@code health} says whether it is paused for failing too often, and until when.
 */
public record WebhookEndpoint(
        UUID id, CompanyId companyId, KeyEnvironment environment, String url, Set<String> events,
        EndpointSecrets secrets, Instant createdAt, TargetHealth health) {

    public static final Set<String> EVENT_TYPES = Set.of("invoice.created", "invoice.canceled", "invoice.paid",
            "invoice.refunded", "customer.credit_created", "external_payment.refunded", "external_payment.charged_back");

    public WebhookEndpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(health, "health");
        events = Set.copyOf(events);
        if (events.isEmpty() || !EVENT_TYPES.containsAll(events)) {
            throw new IllegalArgumentException("events must be a non-empty subset of " + EVENT_TYPES);
        }
    }

    /** A new endpoint: healthy, never paused. */
    public WebhookEndpoint(UUID id, CompanyId companyId, KeyEnvironment environment, String url, Set<String> events,
            EndpointSecrets secrets, Instant createdAt) {
        this(id, companyId, environment, url, events, secrets, createdAt, TargetHealth.HEALTHY);
    }

    /** The same endpoint after a rotation of its secrets. */
    public WebhookEndpoint withSecrets(EndpointSecrets rotated) {
        return new WebhookEndpoint(id, companyId, environment, url, events, rotated, createdAt, health);
    }

    /** The same endpoint in another state of health (resumed by its administrator, say). */
    public WebhookEndpoint withHealth(TargetHealth changed) {
        return new WebhookEndpoint(id, companyId, environment, url, events, secrets, createdAt, changed);
    }
}
