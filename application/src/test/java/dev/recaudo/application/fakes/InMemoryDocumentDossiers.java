package dev.recaudo.application.fakes;

import dev.recaudo.application.integration.DocumentDossiers;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import java.util.List;
import java.util.Optional;

/** Dossiers read part by part from the in-memory repositories, as PostgreSQL's adapter reads them in one trip. */
public final class InMemoryDocumentDossiers implements DocumentDossiers {

    private final InMemoryDocumentRepository documents;
    private final InMemoryCustomerRepository customers;
    private final InMemoryPaymentRepository payments;

    public InMemoryDocumentDossiers(InMemoryDocumentRepository documents, InMemoryCustomerRepository customers,
            InMemoryPaymentRepository payments) {
        this.documents = documents;
        this.customers = customers;
        this.payments = payments;
    }

    @Override
    public Optional<Dossier> byExternalId(TenantScope scope, String source, String externalDocumentId) {
        return documents.findByExternalId(scope, source, externalDocumentId).map(this::dossier);
    }

    @Override
    public Optional<Dossier> byId(TenantScope scope, DocumentId id) {
        return documents.find(scope, id).map(this::dossier);
    }

    @Override
    public List<Dossier> of(TenantScope scope, List<CollectionDocument> page) {
        return page.stream().map(this::dossier).toList();
    }

    private Dossier dossier(CollectionDocument document) {
        TenantScope scope = document.scope();
        return new Dossier(document, documents.lines(scope, document.id()), payments.applicationsOfDocument(scope, document.id()),
                document.customerExternalId().flatMap(id -> customers.findLink(scope, document.source(), id)),
                customers.findFirstLink(scope, document.source(), document.customerId()),
                customers.find(scope, document.customerId()).orElseThrow());
    }
}
