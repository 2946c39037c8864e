package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Documents and their lines in maps, each read narrowed to one tenant as the table's queries are;
 * the partner's identity (source and external id) is unique, as the table's constraint makes it.
 * Row locks are not needed in one thread, but the order they were asked in is kept, so a test can
 * see that writers lock documents in a fixed order. The pages and change lists are not kept: they
 * are SQL, tested against the database.
 */
public final class InMemoryDocumentRepository implements CollectionDocumentRepository, TransactionalFake {

    private Map<DocumentId, CollectionDocument> documents = new LinkedHashMap<>();
    private Map<DocumentId, List<DocumentLine>> lines = new LinkedHashMap<>();
    private final List<DocumentId> locks = new ArrayList<>();
    private int writes;

    @Override
    public void lockIdentity(TenantScope scope, String source, String externalDocumentId) {
        // One thread: nothing to serialize.
    }

    @Override
    public InsertOutcome insert(CollectionDocument document) {
        if (findByExternalId(document.scope(), document.source(), document.externalDocumentId()).isPresent()) {
            return InsertOutcome.ALREADY_EXISTS;
        }
        if (documents.putIfAbsent(document.id(), document) != null) {
            throw new IllegalStateException("duplicate document id " + document.id());
        }
        writes++;
        return InsertOutcome.INSERTED;
    }

    @Override
    public Optional<CollectionDocument> find(TenantScope scope, DocumentId id) {
        return Optional.ofNullable(documents.get(id)).filter(document -> document.scope().equals(scope));
    }

    @Override
    public Optional<CollectionDocument> lock(TenantScope scope, DocumentId id) {
        locks.add(id);
        return find(scope, id);
    }

    @Override
    public List<CollectionDocument> lockListed(TenantScope scope, String source, List<String> externalDocumentIds) {
        List<CollectionDocument> listed = documents.values().stream()
                .filter(document -> document.scope().equals(scope) && document.source().equals(source)
                        && externalDocumentIds.contains(document.externalDocumentId()))
                .sorted(Comparator.comparing(document -> document.id().value()))
                .toList();
        listed.forEach(document -> locks.add(document.id()));
        return listed;
    }

    @Override
    public Optional<CollectionDocument> findByExternalId(TenantScope scope, String source, String externalDocumentId) {
        return documents.values().stream()
                .filter(document -> document.scope().equals(scope) && document.source().equals(source)
                        && document.externalDocumentId().equals(externalDocumentId))
                .findFirst();
    }

    @Override
    public void update(CollectionDocument document) {
        CollectionDocument stored = find(document.scope(), document.id())
                .orElseThrow(() -> new IllegalStateException("document " + document.id() + " vanished while locked"));
        if (!stored.externalDocumentId().equals(document.externalDocumentId()) || !stored.source().equals(document.source())) {
            throw new IllegalStateException("a document's partner identity never changes");
        }
        documents.put(document.id(), document);
        writes++;
    }

    /** Only what a payment changes may differ from the stored document: the table's statement writes nothing else. */
    @Override
    public void updatePaid(List<CollectionDocument> paid) {
        for (CollectionDocument document : paid) {
            CollectionDocument stored = find(document.scope(), document.id())
                    .orElseThrow(() -> new IllegalStateException("document " + document.id() + " vanished while locked"));
            if (!stored.details().equals(document.details()) || !stored.total().equals(document.total())
                    || !stored.reference().equals(document.reference()) || !stored.remarks().equals(document.remarks())) {
                throw new IllegalStateException("a payment changes only the money, status and version of a document");
            }
            update(document);
        }
    }

    @Override
    public List<CollectionDocument> lockPendingBatch(TenantScope scope, String source, int limit) {
        List<CollectionDocument> pending = documents.values().stream()
                .filter(document -> document.scope().equals(scope) && document.source().equals(source)
                        && document.status() == DocumentStatus.CREATED && !document.hasMoneyApplied())
                .limit(limit)
                .toList();
        pending.forEach(document -> locks.add(document.id()));
        return pending;
    }

    @Override
    public Page<DocumentSummary> page(TenantScope scope, DocumentListQuery query) {
        throw new UnsupportedOperationException("pages are not kept in memory");
    }

    @Override
    public void replaceLines(TenantScope scope, DocumentId id, List<DocumentLine> newLines) {
        if (find(scope, id).isEmpty()) {
            throw new IllegalStateException("no document " + id + " in this tenant");
        }
        lines.put(id, List.copyOf(newLines));
        writes++;
    }

    @Override
    public List<DocumentLine> lines(TenantScope scope, DocumentId id) {
        return find(scope, id).map(document -> lines.getOrDefault(id, List.of())).orElse(List.of());
    }

    @Override
    public ChangeSlice<CollectionDocument> list(TenantScope scope, IntegrationDocumentQuery query) {
        throw new UnsupportedOperationException("change lists are not kept in memory");
    }

    @Override
    public Runnable captureRollback() {
        Map<DocumentId, CollectionDocument> savedDocuments = new LinkedHashMap<>(documents);
        Map<DocumentId, List<DocumentLine>> savedLines = new LinkedHashMap<>(lines);
        int savedWrites = writes;
        return () -> {
            documents = savedDocuments;
            lines = savedLines;
            writes = savedWrites;
        };
    }

    /** The stored state of a document, whatever its tenant. */
    public CollectionDocument get(DocumentId id) {
        CollectionDocument document = documents.get(id);
        if (document == null) {
            throw new AssertionError("no document " + id + " is stored");
        }
        return document;
    }

    /** Every document stored, in insertion order. */
    public List<CollectionDocument> all() {
        return List.copyOf(documents.values());
    }

    /** The documents locked so far, in the order the locks were asked for. */
    public List<DocumentId> locks() {
        return List.copyOf(locks);
    }

    /** Inserts, updates and line replacements committed so far. */
    public int writes() {
        return writes;
    }
}
