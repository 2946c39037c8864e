package dev.recaudo.application.integration;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.KnownCustomer;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.PaymentRepository.AppliedPayment;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Inbound port of the integrations API for collection documents: the same central documents the
 * public invoice API shows, identified by the partner's stable {@code externalDocumentId}.
 */
public interface CollectionDocumentsUseCase {

    UpsertResult upsert(UpsertDocument command);

    Optional<DocumentView> get(TenantScope scope, String source, String externalDocumentId);

    /** A document of any partner of the company, by Recaudo's id (the console's). */
    Optional<DocumentView> byId(TenantScope scope, DocumentId id);

    ChangeSlice<DocumentView> list(TenantScope scope, IntegrationDocumentQuery query, Optional<String> customerExternalId);

    CancelResult cancel(TenantScope scope, String source, String externalDocumentId);

    /** @param signedAt the upsert's {@code Service-Timestamp}: it orders the upserts of the document and of its customer */
    record UpsertDocument(
            TenantScope scope,
            String source,
            String externalDocumentId,
            String customerExternalId,
            CustomerProfile customer,
            CurrencyCode currency,
            List<DocumentLine> lines,
            DocumentDetails details,
            Optional<String> metadataJson,
            Instant signedAt) {}

    /** A document with everything the integrations view shows; the customer as the document's partner knows it. */
    record DocumentView(
            CollectionDocument document, KnownCustomer customer, List<DocumentLine> lines, List<AppliedPayment> applications) {}

    enum Rejection {
        /** A new document in a currency no verified payment or certified rate can settle. */
        CURRENCY_NOT_SETTLEABLE,
        CUSTOMER_CHANGED,
        CURRENCY_CHANGED,
        /** The customer's tax identity is set and {@code customer.taxId} names another. */
        TAX_IDENTITY_CHANGED,
        TAX_IDENTITY_TAKEN,
        PAYMENTS_APPLIED,
        SETTLED_AMOUNT_DIFFERS,
        STATUS_FORBIDS,
        MONEY_APPLIED,
        /** An upsert of the document signed later was applied already. */
        STALE
    }

    sealed interface UpsertResult {
        record Created(DocumentView document) implements UpsertResult {}

        record Updated(DocumentView document) implements UpsertResult {}

        record Unchanged(DocumentView document) implements UpsertResult {}

        record Rejected(Rejection reason) implements UpsertResult {}
    }

    sealed interface CancelResult {
        /** Annulled now, or already annulled before (the same answer either way). */
        record Canceled(DocumentView document) implements CancelResult {}

        record NotFound() implements CancelResult {}

        record Rejected(Rejection reason) implements CancelResult {}
    }
}
