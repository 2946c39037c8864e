package dev.recaudo.e2e.persistence;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchCaps;
import dev.recaudo.domain.dispatch.FairShare;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** What the tests of webhook deliveries on PostgreSQL share: the ports, the lease, a claim, and a subscribed endpoint. */
abstract class DeliveryPersistence {

    static final Duration LEASE = Duration.ofMinutes(1);

    @Inject
    WebhookRepository webhooks;

    @Inject
    DeliveryClaims claims;

    @Inject
    Outbox outbox;

    @Inject
    Transactions transactions;

    /** A new endpoint of the company in the environment, subscribed to the events, committed. */
    WebhookEndpoint endpoint(CompanyId company, KeyEnvironment environment, Set<String> events) {
        UUID id = UUID.randomUUID();
        WebhookEndpoint endpoint = new WebhookEndpoint(id, company, environment, "https://hooks.example.test/" + id, events,
                EndpointSecrets.of("whsec_" + id), Instant.now());
        transactions.inTransaction(() -> {
            webhooks.insertEndpoint(endpoint);
            return null;
        });
        return endpoint;
    }

    /**
     * One claim of the lane at {@code now}, as the dispatcher makes it inside the caller's
     * transaction: its turn, the candidates, a fair pick of at most {@code limit} under {@code caps},
     * and their leases.
     */
    List<DueDelivery> claim(KeyEnvironment lane, Instant now, DispatchCaps caps, int limit) {
        claims.serializeClaims(lane);
        List<UUID> chosen = FairShare.pick(claims.candidates(lane, now, caps.perTargetMax()), caps, limit, now);
        return chosen.isEmpty() ? List.of() : claims.lease(chosen, now, LEASE);
    }
}
