package dev.recaudo.persistence.document;

import dev.recaudo.domain.document.Channel;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.annotations.Immutable;

/**
 * A row of {@code collection_documents} as it is read. Rows are inserted by a native
 * {@code ON CONFLICT} statement (the partner's identity of a document decides), and locked and
 * changed by native statements (allocation locks: docs/decisions.md), so Hibernate keeps no
 * snapshot of it. {@code change_xid} is the trigger's and is not mapped.
 */
@Entity
@Immutable
@Table(name = "collection_documents")
public class DocumentEntity extends TenantRow {

    public String source;

    public String externalDocumentId;

    public String providerId;

    public UUID customerId;

    public String customerExternalId;

    public String channel;

    public String reference;

    public String name;

    public String description;

    public String phone;

    public String email;

    public String invoiceNumber;

    public Instant issueDate;

    public Instant dueAt;

    /** Kept byte for byte in a {@code json} column, written once by the insert. */
    @Column(columnDefinition = "json")
    public String metadata;

    public String remarks;

    public String currency;

    public long totalMinor;

    public long appliedMinor;

    public long balanceMinor;

    public String status;

    public long version;

    CollectionDocument toDomain() {
        CurrencyCode code = CurrencyCode.valueOf(currency);
        return new CollectionDocument(
                new DocumentId(id),
                scope(),
                source,
                externalDocumentId,
                Optional.ofNullable(providerId),
                customerId,
                Optional.ofNullable(customerExternalId),
                Channel.valueOf(channel.toUpperCase(Locale.ROOT)),
                Optional.ofNullable(reference),
                new DocumentDetails(name, Optional.ofNullable(description), Optional.ofNullable(phone),
                        Optional.ofNullable(email), Optional.ofNullable(invoiceNumber), Optional.ofNullable(issueDate),
                        Optional.ofNullable(dueAt)),
                Optional.ofNullable(metadata),
                Optional.ofNullable(remarks),
                Money.of(totalMinor, code),
                Money.of(appliedMinor, code),
                Money.of(balanceMinor, code),
                DocumentStatus.valueOf(status),
                version,
                createdAt,
                updatedAt);
    }
}
