package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A checkout for the full open balance of a document: what a payer pays on the hosted page. A
 * document has one current checkout; an amount change cancels it and issues a new one.
 *
 * @param providerPaymentId the identifier of the payment that settled it, when one did
 */
public record Checkout(
        UUID id,
        TenantScope scope,
        DocumentId documentId,
        String source,
        Money amount,
        String title,
        String description,
        Optional<String> phone,
        Optional<Instant> dueAt,
        CheckoutStatus status,
        Optional<String> providerPaymentId,
        Optional<Instant> paidAt,
        Instant createdAt,
        Instant updatedAt) {

    public Checkout {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(providerPaymentId, "providerPaymentId");
        Objects.requireNonNull(paidAt, "paidAt");
    }

    public static Checkout forBalanceOf(CollectionDocument document, Instant now) {
        return new Checkout(UUID.randomUUID(), document.scope(), document.id(), document.source(), document.balance(),
                document.details().name(), document.details().description().orElse(document.details().name()),
                document.details().phone(), document.details().dueAt(), CheckoutStatus.PENDING, Optional.empty(),
                Optional.empty(), now, now);
    }

    public boolean isPending() {
        return status == CheckoutStatus.PENDING;
    }

    /** Pending, or failed for good: nothing was paid through it, so an annulment voids it. */
    public boolean collectedNothing() {
        return status == CheckoutStatus.PENDING || status == CheckoutStatus.REJECTED;
    }

    public Checkout canceled(Instant now) {
        return new Checkout(id, scope, documentId, source, amount, title, description, phone, dueAt,
                CheckoutStatus.CANCELED, providerPaymentId, paidAt, createdAt, now);
    }

    public Checkout rejected(Instant now) {
        return new Checkout(id, scope, documentId, source, amount, title, description, phone, dueAt,
                CheckoutStatus.REJECTED, providerPaymentId, paidAt, createdAt, now);
    }

    public Checkout approved(Optional<String> paymentReference, Instant now) {
        return new Checkout(id, scope, documentId, source, amount, title, description, phone, dueAt,
                CheckoutStatus.APPROVED, paymentReference, Optional.of(now), createdAt, now);
    }

    /** The informational fields follow the document while the checkout is still payable. */
    public Checkout describing(CollectionDocument document, Instant now) {
        return new Checkout(id, scope, documentId, source, amount, document.details().name(),
                document.details().description().orElse(document.details().name()), document.details().phone(),
                document.details().dueAt(), status, providerPaymentId, paidAt, createdAt, now);
    }
}
