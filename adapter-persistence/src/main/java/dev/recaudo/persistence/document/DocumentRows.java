package dev.recaudo.persistence.document;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.Channel;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The native statements of {@code collection_documents} and their row mappings: the hot paths read,
 * lock and change documents in plain SQL (docs/decisions.md), and {@code DocumentPersistenceTest}
 * holds {@link #document} equal to the entity's own mapping.
 */
final class DocumentRows {

    private DocumentRows() {}

    /** What a document's life may change: its details, money, status and version. */
    static final List<String> CHANGEABLE = List.of("reference", "name", "description", "phone", "email",
            "invoice_number", "issue_date", "due_at", "remarks", "currency", "total_minor", "applied_minor", "balance_minor",
            "status", "version", "updated_at");

    /** The partner's identity of a document decides: a second insert of it changes nothing. */
    static final String INSERT = "INSERT INTO collection_documents (id, company_id, is_test, source,"
            + " external_document_id, customer_id, channel, created_at, provider_id, customer_external_id, metadata, "
            + String.join(", ", CHANGEABLE) + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::json, "
            + String.join(", ", Collections.nCopies(CHANGEABLE.size(), "?"))
            + ") ON CONFLICT (company_id, is_test, source, external_document_id) DO NOTHING";

    static final String UPDATE = "UPDATE collection_documents SET "
            + CHANGEABLE.stream().map(column -> column + " = ?").collect(Collectors.joining(", "))
            + " WHERE id = ? AND company_id = ? AND is_test = ?";

    /** What a payment changes on {@code rows} documents, each a typed row of the {@code VALUES} list (id first). */
    static String updatePaid(int rows) {
        return "UPDATE collection_documents d SET applied_minor = v.applied_minor, balance_minor = v.balance_minor,"
                + " status = v.status, version = v.version, updated_at = v.updated_at FROM (VALUES "
                + String.join(", ", Collections.nCopies(rows, "(?::uuid, ?::bigint, ?::bigint, ?::text, ?::bigint, ?::timestamptz)"))
                + ") AS v (id, applied_minor, balance_minor, status, version, updated_at)"
                + " WHERE d.id = v.id AND d.company_id = ? AND d.is_test = ?";
    }

    static final String COLUMNS = "id, company_id, is_test, source, external_document_id, provider_id, customer_id,"
            + " customer_external_id,"
            + " channel, reference, name, description, phone, email, invoice_number, issue_date, due_at,"
            + " metadata::text AS metadata, remarks, currency, total_minor, applied_minor, balance_minor, status, version,"
            + " created_at, updated_at";

    /** The values of {@link #CHANGEABLE}, in its order. */
    static List<Object> changeable(CollectionDocument document) {
        DocumentDetails details = document.details();
        return Arrays.asList(document.reference().orElse(null), details.name(), details.description().orElse(null),
                details.phone().orElse(null), details.email().orElse(null), details.invoiceNumber().orElse(null),
                details.issueDate().orElse(null), details.dueAt().orElse(null), document.remarks().orElse(null),
                document.total().currency().name(), document.total().amountMinor(), document.applied().amountMinor(),
                document.balance().amountMinor(), document.status().name(), document.version(), document.updatedAt());
    }

    static CollectionDocument document(ResultSet row) throws SQLException {
        CurrencyCode currency = CurrencyCode.valueOf(row.getString("currency"));
        TenantScope scope = Rows.scope(row);
        DocumentDetails details = new DocumentDetails(
                row.getString("name"),
                Optional.ofNullable(row.getString("description")),
                Optional.ofNullable(row.getString("phone")),
                Optional.ofNullable(row.getString("email")),
                Optional.ofNullable(row.getString("invoice_number")),
                optionalInstant(row, "issue_date"),
                optionalInstant(row, "due_at"));
        return new CollectionDocument(
                new DocumentId(uuid(row, "id")),
                scope,
                row.getString("source"),
                row.getString("external_document_id"),
                Optional.ofNullable(row.getString("provider_id")),
                uuid(row, "customer_id"),
                Optional.ofNullable(row.getString("customer_external_id")),
                Channel.valueOf(row.getString("channel").toUpperCase(Locale.ROOT)),
                Optional.ofNullable(row.getString("reference")),
                details,
                Optional.ofNullable(row.getString("metadata")),
                Optional.ofNullable(row.getString("remarks")),
                Money.of(row.getLong("total_minor"), currency),
                Money.of(row.getLong("applied_minor"), currency),
                Money.of(row.getLong("balance_minor"), currency),
                DocumentStatus.valueOf(row.getString("status")),
                row.getLong("version"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }

    static DocumentSummary summary(ResultSet row) throws SQLException {
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
