package dev.recaudo.persistence.document;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * A document's lines through the session: inserted in JDBC batches, and let go of once written or
 * read, so a later replacement of the lines (a set-based native delete) never meets a stale copy.
 */
@ApplicationScoped
class DocumentLineEntities implements PanacheRepositoryBase<DocumentLineEntity, DocumentLineEntity.Key> {

    List<DocumentLine> read(TenantScope scope, DocumentId id) {
        // The tenant is checked on the document, whose table has no entity: it is owned in SQL.
        List<DocumentLineEntity> rows = getSession().createNativeQuery("SELECT l.* FROM document_lines l"
                        + " JOIN collection_documents d ON d.id = l.document_id"
                        + " WHERE l.document_id = ?1 AND d.company_id = ?2 AND d.is_test = ?3 ORDER BY l.position",
                        DocumentLineEntity.class)
                .setParameter(1, id.value()).setParameter(2, scope.companyId().value()).setParameter(3, scope.isTest())
                .list();
        rows.forEach(getSession()::detach);
        return rows.stream().map(DocumentLineEntity::toDomain).toList();
    }

    void insert(DocumentId id, List<DocumentLine> lines) {
        List<DocumentLineEntity> rows = new ArrayList<>(lines.size());
        for (int position = 0; position < lines.size(); position++) {
            rows.add(DocumentLineEntity.of(id.value(), position, lines.get(position)));
        }
        persist(rows);
        NativeSql.flush(getSession());
        rows.forEach(getSession()::detach);
    }
}
