package dev.recaudo.application.invoice;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.money.Money;
import java.util.Optional;

/**
 * Inbound port of the public invoice API: creating, reading, replacing, annulling and settling
 * documents. Reads and writes are confined to the caller's tenant and, when the key names one, to
 * its partner source.
 */
public interface InvoiceLifecycleUseCase {

    CreateResult create(CreateInvoice command);

    Optional<InvoiceView> get(TenantScope scope, Optional<String> source, DocumentId id);

    UpdateResult update(UpdateInvoice command);

    DeleteResult annul(TenantScope scope, Optional<String> source, DocumentId id);

    DeleteResult settleFromProvider(TenantScope scope, Optional<String> source, DocumentId id, String providerPaymentId);

    /**
     * @param identityKey the document's identity within the source when {@code providerId} is
     *     absent: the request's idempotency key
     * @param taxIdentity the normalized reference that resolves the customer
     */
    record CreateInvoice(
            TenantScope scope,
            String source,
            Optional<String> providerId,
            String identityKey,
            String reference,
            String taxIdentity,
            Money amount,
            DocumentDetails details,
            Optional<String> metadataJson) {}

    /**
     * A full replacement. An empty {@code email} keeps the stored one; {@code providerId}, when
     * present, must equal the stored one; {@code expectedVersion}, when present, must be current.
     */
    record UpdateInvoice(
            TenantScope scope,
            Optional<String> source,
            DocumentId id,
            String reference,
            Money amount,
            DocumentDetails details,
            Optional<String> providerId,
            Optional<Long> expectedVersion) {}

    sealed interface CreateResult {
        record Created(InvoiceView invoice) implements CreateResult {}

        /** Another document of the partner already has this provider_id. */
        record DuplicateDocument() implements CreateResult {}
    }

    enum UpdateRejection {
        PAYMENTS_APPLIED,
        SETTLED_AMOUNT_DIFFERS,
        /** The invoice has lines (a partner upserted them): its total is their sum, not an amount. */
        TOTAL_FOLLOWS_LINES,
        STATUS_FORBIDS,
        PROVIDER_ID_IMMUTABLE,
        REFERENCE_IDENTITY_CHANGED,
        CURRENCY_CHANGED,
        VERSION_CONFLICT
    }

    sealed interface UpdateResult {
        record Updated(InvoiceView invoice) implements UpdateResult {}

        record NotFound() implements UpdateResult {}

        record Rejected(UpdateRejection reason) implements UpdateResult {}
    }

    sealed interface DeleteResult {
        /** Done now, or found already done by an identical earlier request. */
        record Done() implements DeleteResult {}

        record NotFound() implements DeleteResult {}

        record Rejected(DocumentLifecycle.Rejection reason) implements DeleteResult {}

        /** Settled already, by another provider payment. */
        record SettledByAnotherPayment() implements DeleteResult {}
    }
}
