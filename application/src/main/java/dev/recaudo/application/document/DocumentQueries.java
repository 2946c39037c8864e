package dev.recaudo.application.document;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentSummary;

/** Inbound port: reading collection documents. */
public interface DocumentQueries {

    Page<DocumentSummary> list(TenantScope scope, DocumentListQuery query);
}
