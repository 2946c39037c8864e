package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Port: the payment reference issued to each checkout, unique across companies. */
public interface PaymentReferences {

    /** The checkout's reference, when one was issued. */
    Optional<PaymentReference> of(TenantScope scope, UUID checkoutId);

    /**
     * Keeps {@code reference} for the checkout unless the checkout already has one or the reference
     * belongs to another checkout; either way nothing is overwritten. Commits on its own, so a page
     * shown twice at once issues one reference.
     */
    void offer(TenantScope scope, UUID checkoutId, PaymentReference reference, Instant now);

    /** The checkout a reference was issued to, with its company and environment. */
    Optional<ReferencedCheckout> checkoutOf(PaymentReference reference);

    record ReferencedCheckout(TenantScope scope, UUID checkoutId) {}
}
