package dev.recaudo.domain.document;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import java.util.List;
import java.util.Optional;

/** Port: where collection documents are kept. Every method names the tenant. */
public interface CollectionDocumentRepository {

    /** Serializes writers of one partner document identity until the transaction ends. */
    void lockIdentity(TenantScope scope, String source, String externalDocumentId);

    /** Inserts unless the partner's identity (source and external id) is already taken. */
    InsertOutcome insert(CollectionDocument document);

    Optional<CollectionDocument> find(TenantScope scope, DocumentId id);

    /** Reads and locks the document until the transaction ends: writers of one document queue. */
    Optional<CollectionDocument> lock(TenantScope scope, DocumentId id);

    /**
     * Reads and locks, until the transaction ends, the partner's documents with these external ids, in
     * one round trip and in id order, so that writers listing the same documents in different orders
     * queue instead of deadlocking. An id no document of the partner has is left out.
     */
    List<CollectionDocument> lockListed(TenantScope scope, String source, List<String> externalDocumentIds);

    Optional<CollectionDocument> findByExternalId(TenantScope scope, String source, String externalDocumentId);

    void update(CollectionDocument document);

    /**
     * Writes what a payment changes on documents of one scope this transaction has locked (what was
     * applied, the balance, the status, the version and the time of the change), all in one round trip.
     */
    void updatePaid(List<CollectionDocument> documents);

    /**
     * Locks up to {@code limit} open documents of the partner with nothing applied, skipping rows
     * other transactions hold, for bulk annulment.
     */
    List<CollectionDocument> lockPendingBatch(TenantScope scope, String source, int limit);

    Page<DocumentSummary> page(TenantScope scope, DocumentListQuery query);

    /** Replaces the document's lines as a whole. */
    void replaceLines(TenantScope scope, DocumentId id, List<DocumentLine> lines);

    List<DocumentLine> lines(TenantScope scope, DocumentId id);

    /**
     * A page of the integrations list in change order, after the query's position, holding only
     * changes of transactions that have finished.
     */
    ChangeSlice<CollectionDocument> list(TenantScope scope, IntegrationDocumentQuery query);
}
