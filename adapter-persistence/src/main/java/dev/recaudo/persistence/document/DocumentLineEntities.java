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
        List<DocumentLineEntity> rows = find("documentId = ?1 and exists (from DocumentEntity d where d.id = ?1"
                        + " and d.companyId = ?2 and d.test = ?3) order by position",
                id.value(), scope.companyId().value(), scope.isTest()).list();
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
