package dev.recaudo.persistence.document;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.persistence.common.DynamicSql;
import java.util.List;

/**
 * Documents of one tenant chosen by a condition on {@code collection_documents}: the rows
 * themselves, or their ids for the statements of the tables that hang off them (lines, payments
 * applied, customer links), so that several of those go in one round trip without waiting for the
 * ids. The scope is part of every selection, and every value a scalar: PostgreSQL keeps the plan of a
 * statement whose generic plan is as good as a custom one, which one with an array of ids is not.
 */
record DocumentSelection(TenantScope scope, String condition, List<Object> values) {

    static DocumentSelection byId(TenantScope scope, DocumentId id) {
        return new DocumentSelection(scope, "d.id = ?", List.of(id.value()));
    }

    static DocumentSelection byExternalId(TenantScope scope, String source, String externalDocumentId) {
        return new DocumentSelection(scope, "d.source = ? AND d.external_document_id = ?", List.of(source, externalDocumentId));
    }

    /** {@code SELECT <columns> FROM collection_documents d} of the selected documents. */
    DynamicSql rows(String columns) {
        return where("SELECT " + columns + " FROM collection_documents d");
    }

    /** The selected documents' ids, as a subquery's text. */
    DynamicSql ids() {
        return rows("d.id");
    }

    private DynamicSql where(String select) {
        return new DynamicSql(select + " WHERE d.company_id = ? AND d.is_test = ?", scope.companyId().value(), scope.isTest())
                .append(" AND " + condition, values.toArray());
    }
}
