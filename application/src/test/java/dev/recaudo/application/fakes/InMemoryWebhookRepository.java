package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.Candidates.TargetLoad;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryClaims;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Endpoints and deliveries in memory, with the claim rules of the table: a delivery is due when it
 * is pending, its next attempt has come and no lease holds it; it is a candidate when its endpoint
 * is not paused and no earlier delivery about the same invoice to the same endpoint is pending; a
 * lease gives it a new token, and only that token's holder may record the attempt. Deleted
 * endpoints are forgotten and their pending deliveries die, as the table's soft delete makes it.
 */
public final class InMemoryWebhookRepository implements WebhookRepository, DeliveryClaims {

    /** One stored delivery; the fields change as the table's columns do. */
    public static final class Row {
        public final UUID id;
        public final WebhookEndpoint endpoint;
        public final UUID eventId;
        public final UUID aggregateId;
        public final long seq;
        public final String eventType;
        public final String body;
        public final Instant createdAt;
        public DeliveryStatus status = DeliveryStatus.PENDING;
        public int attempts;
        public Optional<Instant> nextAttemptAt;
        public Optional<Instant> leasedUntil = Optional.empty();
        public Optional<UUID> leaseToken = Optional.empty();
        public final List<DeliveryAttempt> attemptLog = new ArrayList<>();

        Row(WebhookEndpoint endpoint, UUID eventId, UUID aggregateId, long seq, String eventType, String body,
                Instant createdAt) {
            this.id = UUID.randomUUID();
            this.endpoint = endpoint;
            this.eventId = eventId;
            this.aggregateId = aggregateId;
            this.seq = seq;
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
    private final AtomicLong sequence = new AtomicLong();
    private int claimsSerialized;

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
    public void serializeClaims(KeyEnvironment lane) {
        claimsSerialized++;
    }

    /** How many claims asked to take turns: every claim must, or caps would not hold across instances. */
    public int claimsSerialized() {
        return claimsSerialized;
    }

    @Override
    public Candidates candidates(KeyEnvironment lane, Instant now, int perEndpointMax) {
        Map<DispatchTarget, TargetLoad> targets = new HashMap<>();
        Map<CompanyId, Integer> companies = new HashMap<>();
        for (Row row : deliveries.values()) {
            WebhookEndpoint endpoint = endpoints.get(row.endpoint.id());
            if (endpoint != null && endpoint.environment() == lane && leased(row, now)) {
                companies.merge(endpoint.companyId(), 1, Integer::sum);
            }
        }
        List<Candidate> due = new ArrayList<>();
        for (WebhookEndpoint endpoint : endpoints.values()) {
            if (endpoint.environment() != lane || endpoint.health().pausedAt(now)) {
                continue;
            }
            int inFlight = (int) deliveries.values().stream().filter(row -> row.endpoint.id().equals(endpoint.id()))
                    .filter(row -> leased(row, now)).count();
            DispatchTarget target = new DispatchTarget(endpoint.companyId(), endpoint.id().toString());
            List<Candidate> heads = heads(endpoint.id(), now)
                    .limit(perEndpointMax)
                    .map(row -> new Candidate(row.id, target, row.nextAttemptAt.orElseThrow(), row.seq))
                    .toList();
            if (!heads.isEmpty() || inFlight > 0) {
                targets.put(target, new TargetLoad(inFlight, endpoint.health()));
                due.addAll(heads);
            }
        }
        return new Candidates(due, targets, companies);
    }

    @Override
    public List<DueDelivery> lease(List<UUID> deliveryIds, Instant now, Duration lease) {
        List<DueDelivery> leased = new ArrayList<>();
        for (UUID id : deliveryIds) {
            Row row = row(id);
            if (row.status != DeliveryStatus.PENDING || !due(row, now) || leased(row, now)) {
                continue;
            }
            row.leasedUntil = Optional.of(now.plus(lease));
            row.leaseToken = Optional.of(UUID.randomUUID());
            WebhookEndpoint endpoint = endpoints.getOrDefault(row.endpoint.id(), row.endpoint);
            leased.add(new DueDelivery(row.id, row.eventId,
                    new DueDelivery.Endpoint(endpoint.id(), endpoint.companyId(), endpoint.url(), endpoint.secrets()),
                    row.body, row.attempts, row.createdAt, row.leaseToken.orElseThrow(), row.leasedUntil.orElseThrow()));
        }
        return leased;
    }

    /** As the adapter's hand-over: the endpoint's next delivery, while its company keeps room beside it. */
    private Optional<DueDelivery> leaseNext(DueDelivery.Endpoint endpoint, Instant now, HandOver handOver) {
        KeyEnvironment lane = endpoints.get(endpoint.id()).environment();
        long companyInFlight = deliveries.values().stream().filter(row -> leased(row, now))
                .map(row -> endpoints.get(row.endpoint.id()))
                .filter(other -> other != null && other.companyId().equals(endpoint.companyId()) && other.environment() == lane)
                .count();
        if (companyInFlight + 2 > handOver.perCompanyMax()) {
            return Optional.empty();
        }
        return heads(endpoint.id(), now).findFirst()
                .flatMap(row -> lease(List.of(row.id), now, handOver.lease()).stream().findFirst());
    }

    /** The endpoint's due deliveries no lease holds that wait for no earlier one, oldest first. */
    private Stream<Row> heads(UUID endpointId, Instant now) {
        return deliveries.values().stream()
                .filter(row -> row.endpoint.id().equals(endpointId) && due(row, now) && !leased(row, now))
                .filter(row -> !waitsForAnEarlierOne(row))
                .sorted(Comparator.comparing((Row row) -> row.nextAttemptAt.orElseThrow()).thenComparingLong(row -> row.seq));
    }

    @Override
    public void storeHealth(CompanyId companyId, UUID endpointId, TargetHealth health) {
        endpoints.put(endpointId, findEndpoint(companyId, endpointId).orElseThrow().withHealth(health));
    }

    private static boolean due(Row row, Instant now) {
        return row.status == DeliveryStatus.PENDING && row.nextAttemptAt.filter(next -> !next.isAfter(now)).isPresent();
    }

    /** Held by a lease that has not run out: an attempt in flight. */
    private static boolean leased(Row row, Instant now) {
        return row.status == DeliveryStatus.PENDING && row.leasedUntil.filter(until -> !until.isBefore(now)).isPresent();
    }

    private boolean waitsForAnEarlierOne(Row row) {
        return deliveries.values().stream().anyMatch(other -> other.endpoint.id().equals(row.endpoint.id())
                && other.aggregateId.equals(row.aggregateId) && other.status == DeliveryStatus.PENDING && other.seq < row.seq);
    }

    @Override
    public Recording record(DueDelivery claim, DeliveryAttempt attempt, DeliveryStatus status, Optional<Instant> nextAttemptAt,
            Instant now, Optional<HandOver> handOver) {
        Optional<TargetHealth> health = findEndpoint(claim.endpoint().companyId(), claim.endpoint().id()).map(WebhookEndpoint::health);
        Row row = row(claim.deliveryId());
        if (!row.leaseToken.equals(Optional.of(claim.leaseToken())) || row.status != DeliveryStatus.PENDING) {
            return new Recording(health, LeaseState.LOST, Optional.empty());
        }
        row.attemptLog.add(attempt);
        row.status = status;
        row.attempts++;
        row.nextAttemptAt = nextAttemptAt;
        row.leasedUntil = Optional.empty();
        row.leaseToken = Optional.empty();
        // Its followers are due at its retry, or now when it ended (WaitingDeliveries).
        deliveries.values().stream().filter(other -> other.endpoint.id().equals(row.endpoint.id())
                        && other.aggregateId.equals(row.aggregateId) && other.status == DeliveryStatus.PENDING
                        && other.seq > row.seq)
                .forEach(follower -> follower.nextAttemptAt = Optional.of(status == DeliveryStatus.PENDING
                        ? nextAttemptAt.orElseThrow() : now));
        return new Recording(health, LeaseState.HELD, handOver.flatMap(place -> leaseNext(claim.endpoint(), now, place)));
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

    /** A pending delivery of the event, about an invoice of its own, to the endpoint, due at {@code createdAt}. */
    public Row queue(WebhookEndpoint endpoint, UUID eventId, String eventType, String body, Instant createdAt) {
        return queue(endpoint, UUID.randomUUID(), eventId, eventType, body, createdAt);
    }

    /** A pending delivery of the event about {@code aggregateId} to the endpoint, due at {@code createdAt}, as the outbox writes one. */
    public Row queue(WebhookEndpoint endpoint, UUID aggregateId, UUID eventId, String eventType, String body, Instant createdAt) {
        if (!endpoints.containsKey(endpoint.id())) {
            insertEndpoint(endpoint);
        }
        Row row = new Row(endpoint, eventId, aggregateId, sequence.incrementAndGet(), eventType, body, createdAt);
        deliveries.put(row.id, row);
        return row;
    }

    /** The endpoint as stored now, with its health. */
    public WebhookEndpoint endpoint(UUID endpointId) {
        return endpoints.get(endpointId);
    }

    public Row row(UUID deliveryId) {
        Row row = deliveries.get(deliveryId);
        if (row == null) {
            throw new AssertionError("no delivery " + deliveryId + " is stored");
        }
        return row;
    }
}
