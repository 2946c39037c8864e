package dev.recaudo.persistence.document;

import dev.recaudo.domain.document.DocumentLine;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code document_lines}: written in JDBC batches, never kept in the session. */
@Entity
@Table(name = "document_lines")
@IdClass(DocumentLineEntity.Key.class)
public class DocumentLineEntity {

    /** The primary key: the document and the line's place in it. */
    public static class Key implements Serializable {
        public UUID documentId;
        public int position;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(documentId, key.documentId) && position == key.position;
        }

        @Override
        public int hashCode() {
            return Objects.hash(documentId, position);
        }
    }

    @Id
    public UUID documentId;

    @Id
    public int position;

    public long quantity;

    public long unitAmountMinor;

    public long amountMinor;

    public String description;

    public Instant periodStart;

    public Instant periodEnd;

    static DocumentLineEntity of(UUID documentId, int position, DocumentLine line) {
        DocumentLineEntity entity = new DocumentLineEntity();
        entity.documentId = documentId;
        entity.position = position;
        entity.quantity = line.quantity();
        entity.unitAmountMinor = line.unitAmountMinor();
        entity.amountMinor = line.amountMinor();
        entity.description = line.description().orElse(null);
        entity.periodStart = line.periodStart().orElse(null);
        entity.periodEnd = line.periodEnd().orElse(null);
        return entity;
    }

    DocumentLine toDomain() {
        return new DocumentLine(quantity, unitAmountMinor, amountMinor, Optional.ofNullable(description),
                Optional.ofNullable(periodStart), Optional.ofNullable(periodEnd));
    }
}
