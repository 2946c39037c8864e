package dev.recaudo.domain.document;

import java.util.Objects;
import java.util.UUID;

/** Identity of a collection document; the public API calls it {@code invoiceId}. */
public record DocumentId(UUID value) {
    public DocumentId {
        Objects.requireNonNull(value, "value");
    }

    public static DocumentId random() {
        return new DocumentId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
