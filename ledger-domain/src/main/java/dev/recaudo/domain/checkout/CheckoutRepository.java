package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Port: where checkouts are kept. */
public interface CheckoutRepository {

    void insert(Checkout checkout);

    void update(Checkout checkout);

    /**
     * A paid document stops collecting, in one round trip: the pending hosted external payment that
     * collects it (at most one can) is canceled, and its newest checkout approved with
     * {@code paymentReference} unless it is approved already ({@link Checkout#approved}). The newest
     * checkout as it is then; empty when the document has none.
     */
    Optional<Checkout> approveForPaidDocument(TenantScope scope, DocumentId documentId, Optional<String> paymentReference,
            Instant now);

    /** Cancels the document's newest checkout ({@link Checkout#canceled}) if it is pending, in one round trip. */
    void cancelPending(TenantScope scope, DocumentId documentId, Instant now);

    /** The document's newest checkout, whatever its status. */
    Optional<Checkout> current(TenantScope scope, DocumentId documentId);

    Optional<Checkout> find(TenantScope scope, UUID checkoutId);

    /** The checkout behind a hosted page's id, whatever its company: the payer knows only the id. */
    Optional<Checkout> findForPayer(UUID checkoutId);
}
