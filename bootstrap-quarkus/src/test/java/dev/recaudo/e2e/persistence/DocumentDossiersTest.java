package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.integration.DocumentDossiers;
import dev.recaudo.application.integration.DocumentDossiers.Dossier;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.payment.PaymentRepository.AppliedPayment;
import dev.recaudo.e2e.support.Partner;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Dossiers read by PostgreSQL's adapter: every part lands on its own document, in a page of several
 * as for one, and another tenant's scope reads nothing.
 */
@QuarkusTest
class DocumentDossiersTest {

    @Inject
    DocumentDossiers dossiers;

    @Inject
    CollectionDocumentRepository documents;

    @Inject
    Transactions transactions;

    @Test
    void givenTwoDocumentsOfTwoCustomers_whenReadAsAPage_thenEachGetsItsOwnPartsInThePagesOrder() {
        Partner partner = Partner.create();
        String paid = Partner.unique("DP");
        String open = Partner.unique("DO");
        partner.createDocument(paid, "C-PAID", "USD", 1_000);
        partner.createDocument(open, "C-OPEN", "USD", 2_000);
        partner.pay(Partner.unique("P"), "C-PAID", 300, "USD", paid, 300).then().statusCode(200);
        DocumentPersistenceTest.Stored stored = DocumentPersistenceTest.Stored.of(paid);
        TenantScope scope = stored.scope();

        List<Dossier> page = transactions.inTransaction(() -> dossiers.of(scope, List.of(
                documents.findByExternalId(scope, "acme-erp", open).orElseThrow(),
                documents.findByExternalId(scope, "acme-erp", paid).orElseThrow())));

        assertThat(page).extracting(dossier -> dossier.document().externalDocumentId()).containsExactly(open, paid);
        assertThat(page.get(0).applications()).isEmpty();
        assertThat(page.get(1).applications()).extracting(AppliedPayment::amount)
                .extracting(money -> money.amountMinor()).containsExactly(300L);
        assertThat(page).extracting(dossier -> dossier.lines().get(0).amountMinor()).containsExactly(2_000L, 1_000L);
        assertThat(page).extracting(dossier -> dossier.namedLink().map(CustomerLink::externalCustomerId).orElseThrow())
                .containsExactly("C-OPEN", "C-PAID");
        assertThat(page).allSatisfy(dossier -> {
            assertThat(dossier.firstLink()).isEqualTo(dossier.namedLink());
            assertThat(dossier.customer().id()).isEqualTo(dossier.document().customerId());
        });

        Dossier alone = transactions.inTransaction(() -> dossiers.byExternalId(scope, "acme-erp", paid)).orElseThrow();
        assertThat(alone).isEqualTo(page.get(1));
        assertThat(transactions.inTransaction(() -> dossiers.byId(scope, stored.id()))).contains(alone);
    }

    @Test
    void givenAnotherTenantsScope_whenItsDocumentIsRead_thenNothingIsFound() {
        DocumentPersistenceTest.Stored stored = DocumentPersistenceTest.Stored.create();
        TenantScope otherCompany = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        TenantScope otherEnvironment = new TenantScope(stored.scope().companyId(),
                stored.scope().isTest() ? KeyEnvironment.LIVE : KeyEnvironment.TEST);
        String external = transactions.inTransaction(() -> documents.find(stored.scope(), stored.id())).orElseThrow()
                .externalDocumentId();

        for (TenantScope scope : List.of(otherCompany, otherEnvironment)) {
            assertThat(transactions.inTransaction(() -> dossiers.byId(scope, stored.id()))).isEmpty();
            assertThat(transactions.inTransaction(() -> dossiers.byExternalId(scope, "acme-erp", external))).isEmpty();
        }
        assertThat(transactions.inTransaction(() -> dossiers.byId(stored.scope(), stored.id()))).isPresent();
    }
}
