package dev.recaudo.persistence.document;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.ChangeOrder;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

@ApplicationScoped
@StoreFailures
public class PgCollectionDocumentRepository implements CollectionDocumentRepository {

    @Inject
    NativeSql nativeSql;

    @Override
    public void lockIdentity(TenantScope scope, String source, String externalDocumentId) {
        AdvisoryLocks.lockIdentity(nativeSql, "document", scope, source, externalDocumentId);
    }

    @Override
    public InsertOutcome insert(CollectionDocument document) {
        List<Object> values = new ArrayList<>(List.of(document.id().value(), document.scope().companyId().value(),
                document.scope().isTest(), document.source(), document.externalDocumentId(), document.customerId(),
                document.channel().name().toLowerCase(Locale.ROOT), document.createdAt()));
        values.addAll(Arrays.asList(document.providerId().orElse(null), document.customerExternalId().orElse(null),
                document.metadataJson().orElse(null)));
        values.addAll(DocumentRows.changeable(document));
        int inserted = nativeSql.update(DocumentRows.INSERT, values.toArray());
        return inserted == 1 ? InsertOutcome.INSERTED : InsertOutcome.ALREADY_EXISTS;
    }

    @Override
    public Optional<CollectionDocument> find(TenantScope scope, DocumentId id) {
        return nativeSql.queryOne("SELECT " + DocumentRows.COLUMNS + " FROM collection_documents WHERE id = ? AND company_id = ?"
                + " AND is_test = ?", DocumentRows::document, id.value(), scope.companyId().value(), scope.isTest());
    }

    /**
     * An allocation lock, so a native statement (measured: docs/performance.md). The scope is in the
     * statement, so another tenant's row is never locked; {@code NO KEY} because no change of a
     * document touches its key, so rows that refer to it (lines, checkouts, applications) can still
     * be inserted meanwhile.
     */
    @Override
    public Optional<CollectionDocument> lock(TenantScope scope, DocumentId id) {
        return nativeSql.queryOne("SELECT " + DocumentRows.COLUMNS + " FROM collection_documents WHERE id = ? AND company_id = ? AND is_test = ?"
                + " FOR NO KEY UPDATE", DocumentRows::document, id.value(), scope.companyId().value(), scope.isTest());
    }

    /**
     * A verified payment's documents, found and locked by one statement. The rows are sorted before
     * they are locked (PostgreSQL applies {@code ORDER BY} before a locking clause), so the locks are
     * taken in id order; a row another transaction changed meanwhile is returned as that transaction
     * left it, as {@link #lock} returns it.
     */
    @Override
    public List<CollectionDocument> lockListed(TenantScope scope, String source, List<String> externalDocumentIds) {
        return nativeSql.query("SELECT " + DocumentRows.COLUMNS + " FROM collection_documents WHERE company_id = ? AND is_test = ?"
                        + " AND source = ? AND external_document_id = ANY (?) ORDER BY id FOR NO KEY UPDATE", DocumentRows::document,
                scope.companyId().value(), scope.isTest(), source, new NativeSql.TextArray(externalDocumentIds));
    }

    /** Read on every document of every payment and document write: native, measured (docs/performance.md). */
    @Override
    public Optional<CollectionDocument> findByExternalId(TenantScope scope, String source, String externalDocumentId) {
        return nativeSql.queryOne("SELECT " + DocumentRows.COLUMNS + " FROM collection_documents WHERE company_id = ? AND is_test = ?"
                        + " AND source = ? AND external_document_id = ?", DocumentRows::document,
                scope.companyId().value(), scope.isTest(), source, externalDocumentId);
    }

    /** What a document's life may change, on the row this transaction has locked. */
    @Override
    public void update(CollectionDocument document) {
        List<Object> values = new ArrayList<>(DocumentRows.changeable(document));
        values.addAll(List.of(document.id().value(), document.scope().companyId().value(), document.scope().isTest()));
        // Sent with the next statement: a count other than 1 (the row vanished while locked) fails it.
        nativeSql.deferExpecting(1, DocumentRows.UPDATE, values.toArray());
    }

    /** The payment's documents in one statement, their new values a typed {@code VALUES} list joined by id. */
    @Override
    public void updatePaid(List<CollectionDocument> paid) {
        if (paid.isEmpty()) {
            return;
        }
        TenantScope scope = paid.get(0).scope();
        if (paid.stream().anyMatch(document -> !document.scope().equals(scope))) {
            throw new IllegalArgumentException("the documents a payment pays are of its scope");
        }
        List<Object> values = new ArrayList<>();
        for (CollectionDocument document : paid) {
            values.addAll(List.of(document.id().value(), document.applied().amountMinor(), document.balance().amountMinor(),
                    document.status().name(), document.version(), document.updatedAt()));
        }
        values.addAll(List.of(scope.companyId().value(), scope.isTest()));
        nativeSql.deferExpecting(paid.size(), DocumentRows.updatePaid(paid.size()), values.toArray());
    }

    /** The oldest documents of a partner still untouched by money, skipping those another transaction holds. */
    @Override
    public List<CollectionDocument> lockPendingBatch(TenantScope scope, String source, int limit) {
        return nativeSql.query("SELECT " + DocumentRows.COLUMNS + " FROM collection_documents WHERE company_id = ? AND is_test = ?"
                        + " AND source = ? AND status = 'CREATED' AND applied_minor = 0"
                        + " ORDER BY created_at, id LIMIT ? FOR NO KEY UPDATE SKIP LOCKED",
                DocumentRows::document, scope.companyId().value(), scope.isTest(), source, limit);
    }

    /**
     * Lines are written only onto a document of the scope: onto another tenant's document id nothing
     * is inserted, which fails the transaction when the lines are sent (their count is expected).
     */
    @Override
    public void replaceLines(TenantScope scope, DocumentId id, List<DocumentLine> lines) {
        nativeSql.defer(DocumentLineRows.delete(scope, id));
        if (!lines.isEmpty()) {
            DynamicSql insert = DocumentLineRows.insert(scope, id, lines);
            nativeSql.deferExpecting(lines.size(), insert.text(), insert.parameters());
        }
    }

    @Override
    public List<DocumentLine> lines(TenantScope scope, DocumentId id) {
        return nativeSql.query(DocumentLineRows.linesOf(DocumentSelection.byId(scope, id).ids()), DocumentLineRows::line);
    }

    @Override
    public ChangeSlice<CollectionDocument> list(TenantScope scope, IntegrationDocumentQuery query) {
        DynamicSql sql = ChangeOrder.select("collection_documents", DocumentRows.COLUMNS, scope)
                .whenAny(query.statuses().stream().map(Enum::name).toList(), " AND status = ANY (?)")
                .append(query.withMoneyApplied().map(applied -> applied ? " AND applied_minor > 0" : " AND applied_minor = 0")
                        .orElse(""))
                .when(query.source(), " AND source = ?")
                .when(query.customerId(), " AND customer_id = ?")
                .when(query.externalDocumentId(), " AND external_document_id = ?")
                .when(query.currency().map(Enum::name), " AND currency = ?")
                .when(query.balanceMinFrom(), " AND balance_minor >= ?")
                .when(query.balanceMinTo(), " AND balance_minor <= ?")
                .when(query.issuedFrom(), " AND issue_date >= ?")
                .when(query.issuedTo(), " AND issue_date <= ?")
                .when(query.dueFrom(), " AND due_at >= ?")
                .when(query.dueTo(), " AND due_at <= ?")
                .when(query.updatedSince(), " AND updated_at >= ?");
        return ChangeOrder.slice(nativeSql, sql, DocumentRows::document, query.after(), query.limit());
    }

    /** A locked row, read by plain JDBC like the other allocation-lock statements (docs/decisions.md). */
    @Override
    public Page<DocumentSummary> page(TenantScope scope, DocumentListQuery query) {
        DynamicSql where = new DynamicSql(" WHERE company_id = ? AND is_test = ?", scope.companyId().value(), scope.isTest())
                .when(query.source(), " AND source = ?")
                .when(query.status().map(Enum::name), " AND status = ?");
        long total = nativeSql.queryOne(new DynamicSql("SELECT count(*) FROM collection_documents").append(where),
                row -> row.getLong(1)).orElse(0L);
        String order = query.newestFirst() ? " ORDER BY created_at DESC, id DESC" : " ORDER BY created_at, id";
        List<DocumentSummary> items = nativeSql.query(new DynamicSql(
                        "SELECT id, source, provider_id, reference, name, status, remarks, metadata::text AS metadata, currency,"
                                + " total_minor, balance_minor, due_at, is_test, created_at, updated_at FROM collection_documents")
                        .append(where)
                        .append(order + " LIMIT ? OFFSET ?", query.pageSize(), (long) (query.page() - 1) * query.pageSize()),
                DocumentRows::summary);
        return new Page<>(items, total, query.page(), query.pageSize());
    }
}
