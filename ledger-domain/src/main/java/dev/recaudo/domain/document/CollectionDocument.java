package dev.recaudo.domain.document;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a customer owes a company: the central document both APIs project. Money fields are in the
 * document's currency: {@code total} is what was billed, {@code applied} what payments covered, and
 * {@code balance} what is still open (zero once annulled). The ledger's receivable of the document
 * always equals {@code balance}.
 *
 * @param externalDocumentId the partner's stable identity of the document within its source
 * @param providerId the public API's {@code provider_id}, when the partner sent one
 * @param customerExternalId the partner's id of the customer, for documents the integrations API made
 * @param reference the customer's national or tax identifier exactly as received
 * @param metadataJson the partner's opaque JSON object, returned as sent
 * @param version incremented by every change, for optimistic concurrency at the edge
 */
public record CollectionDocument(
        DocumentId id,
        TenantScope scope,
        String source,
        String externalDocumentId,
        Optional<String> providerId,
        UUID customerId,
        Optional<String> customerExternalId,
        Channel channel,
        Optional<String> reference,
        DocumentDetails details,
        Optional<String> metadataJson,
        Optional<String> remarks,
        Money total,
        Money applied,
        Money balance,
        DocumentStatus status,
        long version,
        Instant createdAt,
        Instant updatedAt) {

    /**
     * Prefix of the identity ({@code externalDocumentId}) of a public invoice created without
     * {@code provider_id}, which it takes from its idempotency key; reserved, so that no identity a
     * partner chooses ({@code provider_id}, an integrations {@code externalDocumentId}) can take its place.
     */
    public static final String IDEMPOTENCY_IDENTITY_PREFIX = "x-idempotency:";

    public CollectionDocument {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(externalDocumentId, "externalDocumentId");
        Objects.requireNonNull(providerId, "providerId");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(customerExternalId, "customerExternalId");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(details, "details");
        Objects.requireNonNull(metadataJson, "metadataJson");
        Objects.requireNonNull(remarks, "remarks");
        Objects.requireNonNull(status, "status");
        if (total.isNegative() || applied.isNegative() || balance.isNegative()) {
            throw new IllegalArgumentException("document money is never negative");
        }
        if (total.minus(applied).isNegative() || balance.isGreaterThan(total.minus(applied))) {
            throw new IllegalArgumentException("balance must be at most total minus applied");
        }
    }

    /**
     * A new invoice of the public API, open for its full total: named by the partner's
     * {@code provider_id} when it sent one, for the customer its tax reference identifies.
     */
    public static CollectionDocument invoice(TenantScope scope, String source, String externalDocumentId,
            Optional<String> providerId, UUID customerId, String reference, DocumentDetails details,
            Optional<String> metadataJson, Money total, Instant now) {
        requireWithinAmountMaximum(total);
        return new CollectionDocument(DocumentId.random(), scope, source, externalDocumentId, providerId, customerId,
                Optional.empty(), Channel.PUBLIC_INVOICE, Optional.of(reference), details, metadataJson, Optional.empty(), total,
                Money.zero(total.currency()), total, DocumentStatus.CREATED, 0, now, now);
    }

    /**
     * A new document a partner synchronized through the integrations API, open for its full total:
     * for the customer the partner names by its own id, with that customer's tax identifier if known.
     */
    public static CollectionDocument partnerDocument(TenantScope scope, String source, String externalDocumentId,
            UUID customerId, String customerExternalId, Optional<String> taxId, DocumentDetails details,
            Optional<String> metadataJson, Money total, Instant now) {
        requireWithinAmountMaximum(total);
        return new CollectionDocument(DocumentId.random(), scope, source, externalDocumentId, Optional.empty(), customerId,
                Optional.of(customerExternalId), Channel.INTEGRATION, taxId, details, metadataJson, Optional.empty(), total,
                Money.zero(total.currency()), total, DocumentStatus.CREATED, 0, now, now);
    }

    public boolean hasMoneyApplied() {
        return applied.isPositive();
    }

    public CollectionDocument withDetails(Optional<String> newReference, DocumentDetails newDetails, Instant now) {
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, newReference,
                newDetails, metadataJson, remarks, total, applied, balance, status, version + 1, createdAt, now);
    }

    /** A new total for a document with nothing applied: the whole new total is open. */
    public CollectionDocument withTotal(Money newTotal, Instant now) {
        if (hasMoneyApplied()) {
            throw new IllegalStateException("the total of a document with money applied cannot change");
        }
        requireWithinAmountMaximum(newTotal);
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, reference,
                details, metadataJson, remarks, newTotal, applied, newTotal, status, version + 1, createdAt, now);
    }

    /** Records an application of money; the status follows from the verdict that allowed it. */
    public CollectionDocument withPayment(Money amount, DocumentStatus newStatus, Instant now) {
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, reference,
                details, metadataJson, remarks, total, applied.plus(amount), balance.minus(amount), newStatus, version + 1,
                createdAt, now);
    }

    /** Money returned from an applied payment (a refund, a chargeback): the document owes it again. */
    public CollectionDocument withPaymentReturned(Money amount, Instant now) {
        if (amount.isGreaterThan(applied)) {
            throw new IllegalArgumentException("a document returns at most what was applied to it");
        }
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, reference,
                details, metadataJson, remarks, total, applied.minus(amount), balance.plus(amount), DocumentStatus.CREATED,
                version + 1, createdAt, now);
    }

    /** Annulment: the open balance is written off and nothing stays owed. */
    public CollectionDocument annulled(Instant now) {
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, reference,
                details, metadataJson, remarks, total, applied, Money.zero(total.currency()),
                DocumentStatus.DELETE_FROM_PROVIDER, version + 1, createdAt, now);
    }

    public CollectionDocument withStatus(DocumentStatus newStatus, Instant now) {
        return new CollectionDocument(id, scope, source, externalDocumentId, providerId, customerId, customerExternalId, channel, reference,
                details, metadataJson, remarks, total, applied, balance, newStatus, version + 1, createdAt, now);
    }

    /**
     * A document is issued or re-totaled only within {@link Money#AMOUNT_MINOR_MAX}, which also bounds
     * each of its lines. Stored documents are not checked again: one from before the maximum still reads.
     */
    private static void requireWithinAmountMaximum(Money total) {
        if (!total.isWithinAmountMaximum()) {
            throw new IllegalArgumentException("a document total is at most " + Money.AMOUNT_MINOR_MAX + " minor units");
        }
    }
}
