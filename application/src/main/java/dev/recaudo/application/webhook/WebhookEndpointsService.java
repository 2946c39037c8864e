package dev.recaudo.application.webhook;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

public final class WebhookEndpointsService implements WebhookEndpointsUseCase {

    /** Deliveries listed per endpoint, newest first. */
    static final int DELIVERIES_LISTED_MAX = 100;

    private final WebhookRepository webhooks;
    private final DeliveryClaims claims;
    private final CompanyRepository companies;
    private final WebhookTargetPolicy targets;
    private final Supplier<String> secrets;
    private final Transactions transactions;
    private final Clock clock;
    private final int endpointsPerCompanyMax;
    private final Duration secretOverlap;

    /**
     * @param secrets makes a new endpoint secret ({@code whsec_} + base64 of random bytes)
     * @param secretOverlap how long a rotated secret keeps signing when the rotation does not say
     */
    public WebhookEndpointsService(
            WebhookRepository webhooks,
            DeliveryClaims claims,
            CompanyRepository companies,
            WebhookTargetPolicy targets,
            Supplier<String> secrets,
            Transactions transactions,
            Clock clock,
            int endpointsPerCompanyMax,
            Duration secretOverlap) {
        this.webhooks = webhooks;
        this.claims = claims;
        this.companies = companies;
        this.targets = targets;
        this.secrets = secrets;
        this.transactions = transactions;
        this.clock = clock;
        this.endpointsPerCompanyMax = endpointsPerCompanyMax;
        this.secretOverlap = secretOverlap;
    }

    @Override
    public RegisterResult register(CompanyId companyId, KeyEnvironment environment, String url, Set<String> events) {
        if (targets.check(url) instanceof WebhookTargetPolicy.TargetCheck.Refused refused) {
            return new RegisterResult.TargetRefused(refused.reason());
        }
        return transactions.inTransaction(() -> {
            companies.lock(companyId).orElseThrow();
            if (webhooks.countEndpoints(companyId) >= endpointsPerCompanyMax) {
                return new RegisterResult.LimitReached(endpointsPerCompanyMax);
            }
            WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), companyId, environment, url, events,
                    EndpointSecrets.of(secrets.get()), clock.instant());
            webhooks.insertEndpoint(endpoint);
            return new RegisterResult.Registered(endpoint);
        });
    }

    @Override
    public List<WebhookEndpoint> list(CompanyId companyId) {
        return webhooks.listEndpoints(companyId);
    }

    @Override
    public Optional<WebhookEndpoint> rotateSecret(CompanyId companyId, UUID endpointId, Optional<Duration> overlap) {
        return transactions.inTransaction(() -> webhooks.lockEndpoint(companyId, endpointId).map(endpoint -> {
            EndpointSecrets rotated = endpoint.secrets().rotatedTo(secrets.get(), clock.instant(), overlap.orElse(secretOverlap));
            webhooks.replaceSecrets(companyId, endpointId, rotated);
            return endpoint.withSecrets(rotated);
        }));
    }

    @Override
    public Optional<WebhookEndpoint> resume(CompanyId companyId, UUID endpointId) {
        return transactions.inTransaction(() -> webhooks.lockEndpoint(companyId, endpointId).map(endpoint -> {
            claims.storeHealth(companyId, endpointId, TargetHealth.HEALTHY);
            return endpoint.withHealth(TargetHealth.HEALTHY);
        }));
    }

    @Override
    public boolean remove(CompanyId companyId, UUID endpointId) {
        return transactions.inTransaction(() -> {
            if (webhooks.findEndpoint(companyId, endpointId).isEmpty()) {
                return false;
            }
            webhooks.deleteEndpoint(companyId, endpointId);
            return true;
        });
    }

    @Override
    public Optional<List<WebhookDelivery>> deliveries(CompanyId companyId, UUID endpointId) {
        return webhooks.findEndpoint(companyId, endpointId)
                .map(endpoint -> webhooks.listDeliveries(companyId, endpointId, DELIVERIES_LISTED_MAX));
    }

    @Override
    public Optional<WebhookDelivery> redeliver(CompanyId companyId, UUID endpointId, UUID deliveryId) {
        return transactions.inTransaction(() -> webhooks.redeliver(companyId, endpointId, deliveryId, clock.instant()));
    }
}
