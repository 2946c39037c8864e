package dev.recaudo.application.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Duration;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Inbound port of company administrators: webhook endpoints and their deliveries. */
public interface WebhookEndpointsUseCase {

    /** Registers an endpoint that receives the {@code events} caused in {@code environment}. */
    RegisterResult register(CompanyId companyId, KeyEnvironment environment, String url, Set<String> events);

    List<WebhookEndpoint> list(CompanyId companyId);

    /**
     * Gives the endpoint a new secret; the current one keeps signing for {@code overlap} (the
     * configured default when absent), the one before it stops at once. The answer holds the new
     * secret; empty when the company has no such endpoint.
     */
    Optional<WebhookEndpoint> rotateSecret(CompanyId companyId, UUID endpointId, Optional<Duration> overlap);

    /**
     * Ends the endpoint's pause now, and its probation: it is healthy again and takes its full share
     * at the next claim. Empty when the company has no such endpoint.
     */
    Optional<WebhookEndpoint> resume(CompanyId companyId, UUID endpointId);

    /** False when the company has no such endpoint. */
    boolean remove(CompanyId companyId, UUID endpointId);

    /** Empty when the company has no such endpoint. */
    Optional<List<WebhookDelivery>> deliveries(CompanyId companyId, UUID endpointId);

    Optional<WebhookDelivery> redeliver(CompanyId companyId, UUID endpointId, UUID deliveryId);

    /** The endpoints of one environment of the company: what a console session, which shows one, may see. */
    default List<WebhookEndpoint> list(TenantScope scope) {
        return list(scope.companyId()).stream().filter(endpoint -> endpoint.environment() == scope.environment()).toList();
    }

    /** The endpoint of the scope's environment with this id, if the company has one. */
    default Optional<WebhookEndpoint> endpoint(TenantScope scope, UUID endpointId) {
        return list(scope).stream().filter(endpoint -> endpoint.id().equals(endpointId)).findFirst();
    }

    sealed interface RegisterResult {
        record Registered(WebhookEndpoint endpoint) implements RegisterResult {}

        record TargetRefused(String reason) implements RegisterResult {}

        record LimitReached(int endpointsPerCompanyMax) implements RegisterResult {}
    }
}
