package dev.recaudo.rest.webhook;

import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/** The answers of the webhook endpoint administration, as records that map one hop from the core's. */
public final class WebhookViews {

    private WebhookViews() {}

    /** {@code secret} is present only in the answer to the registration. */
    @RegisterForReflection
    public record EndpointView(UUID id, String url, Set<String> events, String environment, String secret, Instant createdAt) {}

    /** The new secret, shown this once, and when the replaced one stops signing (excluded). */
    @RegisterForReflection
    public record RotatedSecretView(UUID id, String secret, Instant previousSecretExpiresAt) {}

    /**
     * An endpoint as listed. {@code paused} says that nothing is sent to it until {@code pausedUntil}
     * (null when not paused): it failed {@code consecutiveFailures} times in a row. After a pause it
     * gets one attempt at a time until one succeeds, which sets the count back to 0.
     */
    @RegisterForReflection
    public record EndpointListItem(UUID id, String url, Set<String> events, String environment, Instant createdAt,
            boolean paused, Instant pausedUntil, int consecutiveFailures) {

        static EndpointListItem of(WebhookEndpoint endpoint, Instant now) {
            boolean paused = endpoint.health().pausedAt(now);
            return new EndpointListItem(endpoint.id(), endpoint.url(), new TreeSet<>(endpoint.events()),
                    endpoint.environment().wireName(), endpoint.createdAt(), paused,
                    paused ? endpoint.health().pausedUntil().orElseThrow() : null, endpoint.health().consecutiveFailures());
        }
    }

    @RegisterForReflection
    public record AttemptView(Instant attemptedAt, long durationMs, Integer statusCode, String error) {
        static AttemptView of(DeliveryAttempt attempt) {
            return new AttemptView(attempt.attemptedAt(), attempt.durationMillis(), attempt.statusCode().orElse(null),
                    attempt.error().orElse(null));
        }
    }

    @RegisterForReflection
    public record DeliveryView(
            UUID id, UUID eventId, String eventType, String status, int attempts, Instant nextAttemptAt, Instant createdAt,
            List<AttemptView> attemptLog) {
        static DeliveryView of(WebhookDelivery delivery) {
            return new DeliveryView(delivery.id(), delivery.eventId(), delivery.eventType(),
                    delivery.status().name().toLowerCase(Locale.ROOT), delivery.attempts(),
                    delivery.nextAttemptAt().orElse(null), delivery.createdAt(),
                    delivery.attemptLog().stream().map(AttemptView::of).toList());
        }
    }
}
