package dev.recaudo.application.webhook;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

public final class WebhookEndpointsService implements WebhookEndpointsUseCase {

    /** Deliveries listed per endpoint, newest first. */
    static final int DELIVERIES_LISTED_MAX = 100;

    private final WebhookRepository webhooks;
    private final CompanyRepository companies;
    private final WebhookTargetPolicy targets;
    private final Supplier<String> secrets;
    private final Transactions transactions;
    private final Clock clock;
    private final int endpointsPerCompanyMax;

    /** @param secrets makes a new endpoint secret ({@code whsec_} + base64 of random bytes) */
    public WebhookEndpointsService(
            WebhookRepository webhooks,
            CompanyRepository companies,
            WebhookTargetPolicy targets,
            Supplier<String> secrets,
            Transactions transactions,
            Clock clock,
            int endpointsPerCompanyMax) {
        this.webhooks = webhooks;
        this.companies = companies;
        this.targets = targets;
        this.secrets = secrets;
        this.transactions = transactions;
        this.clock = clock;
        this.endpointsPerCompanyMax = endpointsPerCompanyMax;
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
                    secrets.get(), clock.instant());
            webhooks.insertEndpoint(endpoint);
            return new RegisterResult.Registered(endpoint);
        });
    }

    @Override
    public List<WebhookEndpoint> list(CompanyId companyId) {
        return webhooks.listEndpoints(companyId);
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
