package dev.recaudo.application.invoice;

import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentStatus;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The one step that reconciles a paid document with the money seen at its acquirer: {@code PAID ->
 * CONCILIATED}, with no event (docs/decisions.md). The sandbox control and a card payout's matching
 * both take it, in the caller's transaction, on a document the caller has locked.
 */
public final class DocumentConciliation {

    private final CollectionDocumentRepository documents;

    public DocumentConciliation(CollectionDocumentRepository documents) {
        this.documents = Objects.requireNonNull(documents, "documents");
    }

    /** The document conciliated and stored; empty, and nothing changed, when its status does not allow it. */
    public Optional<CollectionDocument> conciliate(CollectionDocument locked, Instant now) {
        if (!DocumentLifecycle.allowsMove(locked, DocumentStatus.CONCILIATED)) {
            return Optional.empty();
        }
        CollectionDocument conciliated = locked.withStatus(DocumentStatus.CONCILIATED, now);
        documents.update(conciliated);
        return Optional.of(conciliated);
    }
}
