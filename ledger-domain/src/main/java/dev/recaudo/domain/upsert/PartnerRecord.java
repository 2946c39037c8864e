package dev.recaudo.domain.upsert;

import java.util.Objects;

/**
 * A record a partner upserts, named the way the partner names it: its kind, the partner
 * ({@code source}) and the partner's external id, within a tenant the caller names.
 */
public record PartnerRecord(Kind kind, String source, String externalId) {

    public enum Kind {
        CUSTOMER,
        DOCUMENT
    }

    public PartnerRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(externalId, "externalId");
    }

    public static PartnerRecord customer(String source, String externalCustomerId) {
        return new PartnerRecord(Kind.CUSTOMER, source, externalCustomerId);
    }

    public static PartnerRecord document(String source, String externalDocumentId) {
        return new PartnerRecord(Kind.DOCUMENT, source, externalDocumentId);
    }
}
