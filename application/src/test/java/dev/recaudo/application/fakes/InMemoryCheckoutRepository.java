package dev.recaudo.application.fakes;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Checkouts in insertion order. A document's current checkout is its newest one; with the still
 * clock of a test several share an instant, and the one inserted last counts as newest.
 */
public final class InMemoryCheckoutRepository implements CheckoutRepository, TransactionalFake {

    private final InMemoryExternalPaymentRepository externalPayments;
    private Map<UUID, Checkout> checkouts = new LinkedHashMap<>();

    /** Beside external payments of its own, none of them hosted for a document unless a test adds one. */
    public InMemoryCheckoutRepository() {
        this(new InMemoryExternalPaymentRepository());
    }

    /** Beside the external payments a paid document's hosted payment is canceled in. */
    public InMemoryCheckoutRepository(InMemoryExternalPaymentRepository externalPayments) {
        this.externalPayments = externalPayments;
    }

    @Override
    public void insert(Checkout checkout) {
        if (checkouts.putIfAbsent(checkout.id(), checkout) != null) {
            throw new IllegalStateException("duplicate checkout " + checkout.id());
        }
    }

    @Override
    public void update(Checkout checkout) {
        if (find(checkout.scope(), checkout.id()).isEmpty()) {
            throw new IllegalStateException("no checkout " + checkout.id() + " in this tenant");
        }
        checkouts.put(checkout.id(), checkout);
    }

    @Override
    public Optional<Checkout> approveForPaidDocument(TenantScope scope, DocumentId documentId, Optional<String> paymentReference,
            Instant now) {
        externalPayments.pendingHostedFor(scope, documentId)
                .ifPresent(pending -> externalPayments.update(pending.canceled(now)));
        return current(scope, documentId).map(newest -> {
            if (newest.status() == CheckoutStatus.APPROVED) {
                return newest;
            }
            Checkout approved = newest.approved(paymentReference, now);
            update(approved);
            return approved;
        });
    }

    @Override
    public void cancelPending(TenantScope scope, DocumentId documentId, Instant now) {
        current(scope, documentId).filter(Checkout::isPending).ifPresent(newest -> update(newest.canceled(now)));
    }

    @Override
    public Optional<Checkout> current(TenantScope scope, DocumentId documentId) {
        Checkout newest = null;
        for (Checkout checkout : checkouts.values()) {
            boolean mine = checkout.scope().equals(scope) && checkout.documentId().equals(documentId);
            if (mine && (newest == null || !checkout.createdAt().isBefore(newest.createdAt()))) {
                newest = checkout;
            }
        }
        return Optional.ofNullable(newest);
    }

    @Override
    public Optional<Checkout> find(TenantScope scope, UUID checkoutId) {
        return findForPayer(checkoutId).filter(checkout -> checkout.scope().equals(scope));
    }

    @Override
    public Optional<Checkout> findForPayer(UUID checkoutId) {
        return Optional.ofNullable(checkouts.get(checkoutId));
    }

    @Override
    public Runnable captureRollback() {
        Map<UUID, Checkout> saved = new LinkedHashMap<>(checkouts);
        return () -> checkouts = saved;
    }

    /** Every checkout of the document, oldest first. */
    public List<Checkout> of(DocumentId documentId) {
        List<Checkout> mine = new ArrayList<>();
        checkouts.values().stream().filter(checkout -> checkout.documentId().equals(documentId)).forEach(mine::add);
        return mine;
    }
}
