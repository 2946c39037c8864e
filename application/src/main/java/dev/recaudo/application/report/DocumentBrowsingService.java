package dev.recaudo.application.report;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.report.DocumentTrail;
import java.time.Instant;
import java.time.ZoneId;
import dev.recaudo.domain.webhook.WebhookDelivery;
import java.util.Optional;
import java.util.UUID;

/**
 * The list is the integrations API's ({@link CollectionDocumentsUseCase#list}), for every partner;
 * due days become the instants that begin and end them in the company's time zone. The detail is
 * the integrations view of the document ({@link CollectionDocumentsUseCase#byId}) with its trail,
 * read in one transaction.
 */
public final class DocumentBrowsingService implements DocumentBrowsingUseCase {

    private final CollectionDocumentsUseCase documents;
    private final DocumentTrail trail;
    private final WebhookEndpointsUseCase endpoints;
    private final CompanyRepository companies;
    private final Transactions transactions;

    public DocumentBrowsingService(CollectionDocumentsUseCase documents, DocumentTrail trail, WebhookEndpointsUseCase endpoints,
            CompanyRepository companies, Transactions transactions) {
        this.endpoints = endpoints;
        this.documents = documents;
        this.trail = trail;
        this.companies = companies;
        this.transactions = transactions;
    }

    @Override
    public Listed list(TenantScope scope, Filters filters, Optional<ChangePosition> after) {
        ZoneId zone = zoneOf(scope);
        Optional<Instant> dueFrom = filters.dueFrom().map(day -> day.atStartOfDay(zone).toInstant());
        Optional<Instant> dueTo = filters.dueTo().map(day -> day.plusDays(1).atStartOfDay(zone).toInstant().minusNanos(1000));
        IntegrationDocumentQuery query = new IntegrationDocumentQuery(Optional.empty(), filters.statuses(), filters.withMoneyApplied(),
                filters.customerId(), Optional.empty(), filters.currency(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), dueFrom, dueTo, Optional.empty(), after, PAGE_SIZE);
        return new Listed(documents.list(scope, query, Optional.empty()), zone);
    }

    @Override
    public Optional<Detail> detail(TenantScope scope, DocumentId id) {
        return transactions.inTransaction(() -> documents.byId(scope, id)
                .map(view -> new Detail(view, trail.entries(scope, id), trail.deliveries(scope, id), zoneOf(scope))));
    }

    @Override
    public Optional<WebhookDelivery> redeliver(TenantScope scope, DocumentId document, UUID deliveryId) {
        return transactions.inTransaction(() -> trail.deliveries(scope, document).stream()
                .filter(delivery -> delivery.deliveryId().equals(deliveryId)).findFirst()
                .flatMap(delivery -> endpoints.redeliver(scope.companyId(), delivery.endpointId(), deliveryId)));
    }

    private ZoneId zoneOf(TenantScope scope) {
        return companies.find(scope.companyId()).map(Company::timeZone).orElse(Company.DEFAULT_TIME_ZONE);
    }
}
