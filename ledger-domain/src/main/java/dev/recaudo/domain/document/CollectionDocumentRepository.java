package dev.recaudo.domain.document;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;

/** Port: where collection documents are kept. Every method names the tenant. */
public interface CollectionDocumentRepository {

    Page<DocumentSummary> page(TenantScope scope, DocumentListQuery query);
}
