package dev.recaudo.persistence.document;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/**
 * Documents read through the session, which lets go of every one it reads ({@link SessionRows}):
 * documents are locked and changed by native statements only, so a copy kept here could be stale.
 */
@ApplicationScoped
class DocumentEntities implements PanacheRepositoryBase<DocumentEntity, UUID> {

    /** By primary key through the session's loader (no query to interpret); another tenant's row is let go of. */
    Optional<CollectionDocument> read(TenantScope scope, DocumentId id) {
        return SessionRows.released(getSession(), findByIdOptional(id.value()))
                .filter(row -> row.isIn(scope))
                .map(DocumentEntity::toDomain);
    }
}
