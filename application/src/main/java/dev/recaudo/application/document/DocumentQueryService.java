package dev.recaudo.application.document;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentSummary;

public final class DocumentQueryService implements DocumentQueries {

    private final CollectionDocumentRepository documents;

    public DocumentQueryService(CollectionDocumentRepository documents) {
        this.documents = documents;
    }

    @Override
    public Page<DocumentSummary> list(TenantScope scope, DocumentListQuery query) {
        return documents.page(scope, query);
    }
}
