package dev.recaudo.application.report;

import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.application.report.DocumentBrowsingUseCase.Filters;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.report.DocumentTrail;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DocumentBrowsingServiceTest {

    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final List<Object[]> calls = new ArrayList<>();
    private final List<DocumentTrail.EventDelivery> deliveries = new ArrayList<>();

    private final DocumentTrail trail = new DocumentTrail() {
        @Override
        public List<BookedEntry> entries(TenantScope scope, DocumentId document) {
            return List.of();
        }

        @Override
        public List<EventDelivery> deliveries(TenantScope scope, DocumentId document) {
            return deliveries;
        }
    };

    private final DocumentBrowsingService service = new DocumentBrowsingService(recorder(CollectionDocumentsUseCase.class), trail,
            recorder(WebhookEndpointsUseCase.class), companies, new DirectTransactions());

    @Test
    void dueDaysAreTheCompanysWholeDaysAndEveryPartnersDocumentsAreListed() {
        Company company = companies.given(company().build().withTimeZone(ZoneId.of("America/Caracas")));
        TenantScope scope = new TenantScope(company.id(), KeyEnvironment.LIVE);

        service.list(scope, new Filters(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(LocalDate.parse("2026-11-01")), Optional.of(LocalDate.parse("2026-11-30"))), Optional.empty());

        IntegrationDocumentQuery query = (IntegrationDocumentQuery) calls.get(0)[2];
        assertThat(query.source()).isEmpty();
        assertThat(query.dueFrom()).contains(Instant.parse("2026-11-01T04:00:00Z"));
        assertThat(query.dueTo()).contains(Instant.parse("2026-12-01T03:59:59.999999Z"));
        assertThat(query.limit()).isEqualTo(DocumentBrowsingUseCase.PAGE_SIZE);
    }

    @Test
    void onlyADeliveryOfTheDocumentInTheScopeIsSentAgain() {
        Company company = companies.given(company().build());
        TenantScope scope = new TenantScope(company.id(), KeyEnvironment.TEST);
        UUID endpoint = UUID.randomUUID();
        UUID listed = UUID.randomUUID();
        deliveries.add(new DocumentTrail.EventDelivery(listed, UUID.randomUUID(), "invoice.created", Instant.EPOCH, endpoint, "https://x",
                "SUCCEEDED", 1, Optional.of(200), Instant.EPOCH));
        DocumentId document = new DocumentId(UUID.randomUUID());

        service.redeliver(scope, document, UUID.randomUUID());
        assertThat(calls).isEmpty();

        service.redeliver(scope, document, listed);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0)).containsExactly("redeliver", company.id(), endpoint, listed);
    }

    /** A double of {@code type} that records each call (its name and arguments) and answers empty. */
    @SuppressWarnings("unchecked")
    private <T> T recorder(Class<T> type) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, arguments) -> {
            List<Object> call = new ArrayList<>(List.of(method.getName()));
            call.addAll(List.of(arguments == null ? new Object[0] : arguments));
            calls.add(call.toArray());
            if (method.getReturnType() == Optional.class) {
                return Optional.empty();
            }
            return method.getReturnType() == ChangeSlice.class ? new ChangeSlice<>(List.of(), false, Optional.empty()) : null;
        });
    }
}
