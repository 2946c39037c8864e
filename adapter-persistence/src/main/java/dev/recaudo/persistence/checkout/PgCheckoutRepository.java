package dev.recaudo.persistence.checkout;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
@StoreFailures
public class PgCheckoutRepository implements CheckoutRepository {

    @Inject
    CheckoutEntities checkouts;

    @Override
    public void insert(Checkout checkout) {
        checkouts.insert(checkout);
    }

    @Override
    public void update(Checkout checkout) {
        checkouts.write(checkout);
    }

    @Override
    public Optional<Checkout> approveForPaidDocument(TenantScope scope, DocumentId documentId, Optional<String> paymentReference,
            Instant now) {
        return checkouts.approveForPaidDocument(scope, documentId, paymentReference, now);
    }

    @Override
    public void cancelPending(TenantScope scope, DocumentId documentId, Instant now) {
        checkouts.cancelPending(scope, documentId, now);
    }

    @Override
    public Optional<Checkout> current(TenantScope scope, DocumentId documentId) {
        return checkouts.current(scope, documentId);
    }

    @Override
    public Optional<Checkout> find(TenantScope scope, UUID checkoutId) {
        return checkouts.read(scope, checkoutId);
    }

    @Override
    public Optional<Checkout> findForPayer(UUID checkoutId) {
        return checkouts.readForPayer(checkoutId);
    }
}
