package dev.recaudo.persistence.document;

import static dev.recaudo.persistence.common.Rows.optionalInstant;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The owner of {@code document_lines}: its statements and its one row mapping. Lines are written
 * and read only through their document, in its tenant's scope: all of a document's lines go in one
 * statement, however many (their values as arrays, so the parameter count does not grow with them),
 * and come back in one.
 */
final class DocumentLineRows {

    private static final String COLUMNS = "l.position, l.quantity, l.unit_amount_minor, l.amount_minor,"
            + " l.description, l.period_start, l.period_end";

    private DocumentLineRows() {}

    /** The document's lines, removed unless it is of {@code scope}. */
    static DynamicSql delete(TenantScope scope, DocumentId id) {
        return new DynamicSql("DELETE FROM document_lines l USING collection_documents d WHERE l.document_id = d.id"
                + " AND d.id = ? AND d.company_id = ? AND d.is_test = ?", id.value(), scope.companyId().value(), scope.isTest());
    }

    /** Inserts {@code lines} in their order onto the document when it is of {@code scope}: no row otherwise. */
    static DynamicSql insert(TenantScope scope, DocumentId id, List<DocumentLine> lines) {
        return new DynamicSql("INSERT INTO document_lines (document_id, position, quantity, unit_amount_minor, amount_minor,"
                + " description, period_start, period_end)"
                + " SELECT d.id, v.ordinality - 1, v.quantity, v.unit_amount_minor, v.amount_minor, v.description,"
                + " v.period_start, v.period_end FROM collection_documents d,"
                + " unnest(?::text[]::bigint[], ?::text[]::bigint[], ?::text[]::bigint[], ?::text[], ?::text[]::timestamptz[],"
                + " ?::text[]::timestamptz[]) WITH ORDINALITY AS v (quantity, unit_amount_minor, amount_minor, description,"
                + " period_start, period_end, ordinality)"
                + " WHERE d.id = ? AND d.company_id = ? AND d.is_test = ?",
                column(lines, line -> String.valueOf(line.quantity())),
                column(lines, line -> String.valueOf(line.unitAmountMinor())),
                column(lines, line -> String.valueOf(line.amountMinor())),
                column(lines, line -> line.description().orElse(null)),
                column(lines, line -> line.periodStart().map(Instant::toString).orElse(null)),
                column(lines, line -> line.periodEnd().map(Instant::toString).orElse(null)),
                id.value(), scope.companyId().value(), scope.isTest());
    }

    private static NativeSql.TextArray column(List<DocumentLine> lines, Function<DocumentLine, String> value) {
        return new NativeSql.TextArray(lines.stream().map(value).toList());
    }

    /** The lines of the documents {@code documents} selects (their ids), by document and position. */
    static DynamicSql linesOf(DynamicSql documents) {
        return new DynamicSql("SELECT " + COLUMNS + " FROM document_lines l WHERE l.document_id IN (")
                .append(documents).append(") ORDER BY l.document_id, l.position");
    }

    static DocumentLine line(ResultSet row) throws SQLException {
        return new DocumentLine(row.getLong("quantity"), row.getLong("unit_amount_minor"), row.getLong("amount_minor"),
                Optional.ofNullable(row.getString("description")), optionalInstant(row, "period_start"),
                optionalInstant(row, "period_end"));
    }
}
