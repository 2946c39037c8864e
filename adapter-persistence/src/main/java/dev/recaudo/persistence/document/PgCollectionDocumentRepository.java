package dev.recaudo.persistence.document;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

@ApplicationScoped
public class PgCollectionDocumentRepository implements CollectionDocumentRepository {

    private final Jdbc jdbc;

    public PgCollectionDocumentRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Page<DocumentSummary> page(TenantScope scope, DocumentListQuery query) {
        StringBuilder where = new StringBuilder(" WHERE company_id = ? AND is_test = ?");
        List<Object> parameters = new ArrayList<>(List.of(scope.companyId().value(), scope.isTest()));
        query.source().ifPresent(source -> {
            where.append(" AND source = ?");
            parameters.add(source);
        });
        query.status().ifPresent(status -> {
            where.append(" AND status = ?");
            parameters.add(status.name());
        });
        long total = jdbc.queryOne("SELECT count(*) FROM collection_documents" + where, row -> row.getLong(1),
                        parameters.toArray())
                .orElse(0L);
        String order = query.newestFirst() ? " ORDER BY created_at DESC, id DESC" : " ORDER BY created_at, id";
        List<Object> pageParameters = new ArrayList<>(parameters);
        pageParameters.add(query.pageSize());
        pageParameters.add((long) (query.page() - 1) * query.pageSize());
        List<DocumentSummary> items = jdbc.query(
                "SELECT id, source, provider_id, reference, name, status, remarks, metadata::text AS metadata, currency,"
                        + " total_minor, balance_minor, due_at, is_test, created_at, updated_at FROM collection_documents"
                        + where + order + " LIMIT ? OFFSET ?",
                PgCollectionDocumentRepository::summary,
                pageParameters.toArray());
        return new Page<>(items, total, query.page(), query.pageSize());
    }

    private static DocumentSummary summary(ResultSet row) throws SQLException {
        CurrencyCode currency = CurrencyCode.valueOf(row.getString("currency"));
        Timestamp dueAt = row.getTimestamp("due_at");
        return new DocumentSummary(
                uuid(row, "id"),
                row.getString("source"),
                row.getString("provider_id"),
                row.getString("reference"),
                row.getString("name"),
                DocumentStatus.valueOf(row.getString("status")),
                row.getString("remarks"),
                row.getString("metadata"),
                Money.of(row.getLong("total_minor"), currency),
                Money.of(row.getLong("balance_minor"), currency),
                dueAt == null ? null : dueAt.toInstant().atOffset(ZoneOffset.UTC).toLocalDate(),
                row.getBoolean("is_test"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}
