package dev.recaudo.application.fakes;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Endpoints and deliveries in memory, with the claim rules of the table: a delivery is due when it
 * is pending, its next attempt has come and no lease holds it; a claim leases it under a new token,
 * and only that token's holder may record the attempt. Deleted
 * endpoints are forgotten and their pending deliveries die, as the table's soft delete makes it.
 */
public final class InMemoryWebhookRepository implements WebhookRepository {

    /** One stored delivery; the fields change as the table's columns do. */
    public static final class Row {
        public final UUID id;
        public final WebhookEndpoint endpoint;
        public final UUID eventId;
        public final String eventType;
        public final String body;
        public final Instant createdAt;
        public DeliveryStatus status = DeliveryStatus.PENDING;
        public int attempts;
        public Optional<Instant> nextAttemptAt;
        public Optional<Instant> leasedUntil = Optional.empty();
        public Optional<UUID> leaseToken = Optional.empty();
        public final List<DeliveryAttempt> attemptLog = new ArrayList<>();

        Row(WebhookEndpoint endpoint, UUID eventId, String eventType, String body, Instant createdAt) {
            this.id = UUID.randomUUID();
            this.endpoint = endpoint;
            this.eventId = eventId;
            this.eventType = eventType;
            this.body = body;
            this.createdAt = createdAt;
            this.nextAttemptAt = Optional.of(createdAt);
        }

        WebhookDelivery delivery() {
            return new WebhookDelivery(id, endpoint.id(), eventId, eventType, status, attempts, nextAttemptAt, createdAt,
                    List.copyOf(attemptLog));
        }
    }

    private final Map<UUID, WebhookEndpoint> endpoints = new LinkedHashMap<>();
    private final Map<UUID, Row> deliveries = new LinkedHashMap<>();

    @Override
    public void insertEndpoint(WebhookEndpoint endpoint) {
        if (endpoints.putIfAbsent(endpoint.id(), endpoint) != null) {
            throw new IllegalStateException("duplicate endpoint " + endpoint.id());
        }
    }

    @Override
    public List<WebhookEndpoint> listEndpoints(CompanyId companyId) {
        return endpoints.values().stream().filter(endpoint -> endpoint.companyId().equals(companyId)).toList();
    }

    @Override
    public int countEndpoints(CompanyId companyId) {
        return listEndpoints(companyId).size();
    }

    @Override
    public Optional<WebhookEndpoint> findEndpoint(CompanyId companyId, UUID endpointId) {
        return Optional.ofNullable(endpoints.get(endpointId)).filter(endpoint -> endpoint.companyId().equals(companyId));
    }

    /** Without transactions to wait for, the lock is the read itself. */
    @Override
    public Optional<WebhookEndpoint> lockEndpoint(CompanyId companyId, UUID endpointId) {
        return findEndpoint(companyId, endpointId);
    }

    @Override
    public void replaceSecrets(CompanyId companyId, UUID endpointId, EndpointSecrets secrets) {
        endpoints.put(endpointId, findEndpoint(companyId, endpointId).orElseThrow().withSecrets(secrets));
    }

    @Override
    public void deleteEndpoint(CompanyId companyId, UUID endpointId) {
        if (findEndpoint(companyId, endpointId).isPresent()) {
            endpoints.remove(endpointId);
            deliveries.values().stream()
                    .filter(row -> row.endpoint.id().equals(endpointId) && row.status == DeliveryStatus.PENDING)
                    .forEach(row -> {
                        row.status = DeliveryStatus.DEAD;
                        row.nextAttemptAt = Optional.empty();
                    });
        }
    }

    @Override
    public List<WebhookDelivery> listDeliveries(CompanyId companyId, UUID endpointId, int limit) {
        return deliveries.values().stream()
                .filter(row -> row.endpoint.companyId().equals(companyId) && row.endpoint.id().equals(endpointId))
                .sorted(Comparator.comparing((Row row) -> row.createdAt).reversed())
                .limit(limit)
                .map(Row::delivery)
                .toList();
    }

    @Override
    public List<DueDelivery> claimDue(Instant now, Duration lease, int batchSize) {
        List<Row> due = deliveries.values().stream()
                .filter(row -> row.status == DeliveryStatus.PENDING && row.nextAttemptAt.filter(next -> !next.isAfter(now)).isPresent())
                .filter(row -> row.leasedUntil.filter(until -> !until.isBefore(now)).isEmpty())
                .sorted(Comparator.comparing((Row row) -> row.nextAttemptAt.orElseThrow()))
                .limit(batchSize)
                .toList();
        due.forEach(row -> {
            row.leasedUntil = Optional.of(now.plus(lease));
            row.leaseToken = Optional.of(UUID.randomUUID());
        });
        return due.stream()
                .map(row -> new DueDelivery(row.id, row.eventId, row.endpoint.url(), secretsOf(row), row.body,
                        row.attempts, row.createdAt, row.leaseToken.orElseThrow()))
                .toList();
    }

    @Override
    public LeaseState recordAttempt(DueDelivery claim, DeliveryAttempt attempt, DeliveryStatus status,
            Optional<Instant> nextAttemptAt) {
        Row row = row(claim.deliveryId());
        if (!row.leaseToken.equals(Optional.of(claim.leaseToken())) || row.status != DeliveryStatus.PENDING) {
            return LeaseState.LOST;
        }
        row.attemptLog.add(attempt);
        row.status = status;
        row.attempts++;
        row.nextAttemptAt = nextAttemptAt;
        row.leasedUntil = Optional.empty();
        row.leaseToken = Optional.empty();
        return LeaseState.HELD;
    }

    @Override
    public Optional<WebhookDelivery> redeliver(CompanyId companyId, UUID endpointId, UUID deliveryId, Instant now) {
        return Optional.ofNullable(deliveries.get(deliveryId))
                .filter(row -> row.endpoint.companyId().equals(companyId) && row.endpoint.id().equals(endpointId))
                .filter(row -> endpoints.containsKey(endpointId))
                .map(row -> {
                    row.status = DeliveryStatus.PENDING;
                    row.attempts = 0;
                    row.nextAttemptAt = Optional.of(now);
                    row.leasedUntil = Optional.empty();
                    return row.delivery();
                });
    }

    /** The endpoint's secrets as stored now, as the claim's join reads them (a row keeps the endpoint it was queued for). */
    private EndpointSecrets secretsOf(Row row) {
        return endpoints.getOrDefault(row.endpoint.id(), row.endpoint).secrets();
    }

    /** A pending delivery of the event to the endpoint, due at {@code createdAt}, as the outbox writes one. */
    public Row queue(WebhookEndpoint endpoint, UUID eventId, String eventType, String body, Instant createdAt) {
        if (!endpoints.containsKey(endpoint.id())) {
            insertEndpoint(endpoint);
        }
        Row row = new Row(endpoint, eventId, eventType, body, createdAt);
        deliveries.put(row.id, row);
        return row;
    }

    public Row row(UUID deliveryId) {
        Row row = deliveries.get(deliveryId);
        if (row == null) {
            throw new AssertionError("no delivery " + deliveryId + " is stored");
        }
        return row;
    }
}
