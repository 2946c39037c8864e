package dev.recaudo.persistence.document;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.Timeouts;
import org.hibernate.cfg.AvailableSettings;

/**
 * Documents through the session, which keeps only the documents this transaction has locked
 * ({@link SessionRows}).
 */
@ApplicationScoped
class DocumentEntities implements PanacheRepositoryBase<DocumentEntity, UUID> {

    private static final String IN_SCOPE = "companyId = ?1 and test = ?2";

    /** By primary key through the session's loader (no query to interpret); another tenant's row is let go of. */
    Optional<CollectionDocument> read(TenantScope scope, DocumentId id) {
        return SessionRows.released(getSession(), findByIdOptional(id.value()))
                .filter(row -> row.isIn(scope))
                .map(DocumentEntity::toDomain);
    }

    Optional<CollectionDocument> readByExternalId(TenantScope scope, String source, String externalDocumentId) {
        return read(find(IN_SCOPE + " and source = ?3 and externalDocumentId = ?4", scope.companyId().value(),
                scope.isTest(), source, externalDocumentId).singleResultOptional());
    }

    Optional<CollectionDocument> lock(TenantScope scope, DocumentId id) {
        return find(IN_SCOPE + " and id = ?3", scope.companyId().value(), scope.isTest(), id.value())
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .singleResultOptional()
                .map(DocumentEntity::toDomain);
    }

    /** The oldest documents of a partner still untouched by money, skipping those another transaction holds. */
    List<CollectionDocument> lockPendingBatch(TenantScope scope, String source, int limit) {
        return find(IN_SCOPE + " and source = ?3 and status = 'CREATED' and appliedMinor = 0 order by createdAt, id",
                        scope.companyId().value(), scope.isTest(), source)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .withHint(AvailableSettings.JAKARTA_LOCK_TIMEOUT, Timeouts.SKIP_LOCKED_MILLI)
                .page(0, limit)
                .list()
                .stream()
                .map(DocumentEntity::toDomain)
                .toList();
    }

    /** Writes a locked document's changes now, so they reach the database in the order of the use case. */
    void write(CollectionDocument document) {
        DocumentEntity entity = findByIdOptional(document.id().value())
                .filter(row -> row.isIn(document.scope()))
                .orElseThrow(() -> new IllegalStateException("document " + document.id() + " vanished while locked"));
        entity.takeChangesOf(document);
        NativeSql.flush(getSession());
    }

    private Optional<CollectionDocument> read(Optional<DocumentEntity> entity) {
        return SessionRows.released(getSession(), entity).map(DocumentEntity::toDomain);
    }
}
