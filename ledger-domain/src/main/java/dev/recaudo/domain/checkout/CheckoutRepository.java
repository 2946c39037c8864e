package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.util.Optional;
import java.util.UUID;

/** Port: where checkouts are kept. */
public interface CheckoutRepository {

    void insert(Checkout checkout);

    void update(Checkout checkout);

    /** The document's newest checkout, whatever its status. */
    Optional<Checkout> current(TenantScope scope, DocumentId documentId);

    Optional<Checkout> find(TenantScope scope, UUID checkoutId);

    /** The checkout behind a hosted page's id, whatever its company: the payer knows only the id. */
    Optional<Checkout> findForPayer(UUID checkoutId);
}
