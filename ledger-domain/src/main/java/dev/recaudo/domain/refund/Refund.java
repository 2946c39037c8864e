package dev.recaudo.domain.refund;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Money going back out of one completed external payment, or (a chargeback only) of a ledger payment
 * no external payment holds: an invoice's checkout paid by card, a bank credit reversed. A refund is {@code PENDING} while its
 * money is in flight and the processor is asked; a chargeback is recorded {@code SUCCEEDED} at once,
 * because the rail already took the money back. Built by name through {@link #requested} and
 * {@link #chargedBack}.
 *
 * @param partner the partner of the external payment; only that partner sees the refund; empty (with
 *     {@code externalPaymentId}) for money returned of a ledger payment no external payment holds (an
 *     invoice's checkout paid by card, a bank credit reversed): only a chargeback, never listed by the API
 * @param paymentId the ledger payment the external payment recorded at completion
 * @param documentId the document the payment paid, if it named one
 * @param customerId the customer whose credit the payment created, if any
 * @param sources where the money was taken from, so that a failure puts it back exactly
 * @param processorReference the processor's own id of the refund, once it answered
 */
public record Refund(
        UUID id,
        TenantScope scope,
        Optional<String> partner,
        Optional<UUID> externalPaymentId,
        UUID paymentId,
        Optional<DocumentId> documentId,
        Optional<UUID> customerId,
        RefundKind kind,
        RefundStatus status,
        RefundSources sources,
        Optional<String> reason,
        Optional<String> processorReference,
        Instant createdAt,
        Instant updatedAt) {

    /** The longest reason kept, in characters. */
    public static final int REASON_LENGTH_MAX = 500;

    public Refund {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(partner, "partner");
        Objects.requireNonNull(externalPaymentId, "externalPaymentId");
        Objects.requireNonNull(paymentId, "paymentId");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(sources, "sources");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(processorReference, "processorReference");
        if (!sources.total().isPositive()) {
            throw new IllegalArgumentException("a refund's amount is positive");
        }
        if (sources.document().isPositive() && documentId.isEmpty()) {
            throw new IllegalArgumentException("only a payment that paid a document returns money from one");
        }
        if (sources.credit().isPositive() && customerId.isEmpty()) {
            throw new IllegalArgumentException("only a payment that created a customer's credit returns money from it");
        }
        if (partner.isPresent() != externalPaymentId.isPresent()) {
            throw new IllegalArgumentException("a refund names an external payment with its partner, or neither");
        }
        if (externalPaymentId.isEmpty() && kind != RefundKind.CHARGEBACK) {
            throw new IllegalArgumentException("only money returned without asking is of a payment no external payment holds");
        }
        if (kind == RefundKind.CHARGEBACK && status != RefundStatus.SUCCEEDED) {
            throw new IllegalArgumentException("a chargeback is recorded when the money is already gone");
        }
    }

    /** The payment a refund returns money from: its ids and the places its money may sit. */
    public record Origin(TenantScope scope, Optional<String> partner, Optional<UUID> externalPaymentId, UUID paymentId,
            Optional<DocumentId> documentId, Optional<UUID> customerId) {}

    /** A refund the partner asked for, pending until the processor answers. */
    public static Refund requested(UUID id, Origin origin, RefundSources sources, Optional<String> reason, Instant now) {
        return new Refund(id, origin.scope(), origin.partner(), origin.externalPaymentId(), origin.paymentId(),
                origin.documentId(), origin.customerId(), RefundKind.REFUND, RefundStatus.PENDING, sources, reason,
                Optional.empty(), now, now);
    }

    /** A chargeback or returned transfer the rail reported: the money already left. */
    public static Refund chargedBack(UUID id, Origin origin, RefundSources sources, Optional<String> reason,
            Optional<String> railReference, Instant now) {
        return new Refund(id, origin.scope(), origin.partner(), origin.externalPaymentId(), origin.paymentId(),
                origin.documentId(), origin.customerId(), RefundKind.CHARGEBACK, RefundStatus.SUCCEEDED, sources, reason,
                railReference, now, now);
    }

    public Money amount() {
        return sources.total();
    }

    public boolean isPending() {
        return status == RefundStatus.PENDING;
    }

    /** Whether its money no longer belongs to the payment: in flight or gone. */
    public boolean holdsPaymentMoney() {
        return status != RefundStatus.FAILED;
    }

    /**
     * The key the processor deduplicates this refund's request by: derived from the refund's id, so
     * every attempt to refund it, from any instance, is the same request to the processor.
     */
    public String processorKey() {
        return "refund:" + id;
    }

    /** Still pending after the processor was asked about it: the next question waits from {@code now}. */
    public Refund asked(Instant now) {
        if (!isPending()) {
            throw new IllegalStateException("only a pending refund is asked about");
        }
        return new Refund(id, scope, partner, externalPaymentId, paymentId, documentId, customerId, kind, status, sources,
                reason, processorReference, createdAt, now);
    }

    public Refund succeeded(Optional<String> reference, Instant now) {
        return moved(RefundStatus.SUCCEEDED, reference, now);
    }

    public Refund failed(Optional<String> reference, Instant now) {
        return moved(RefundStatus.FAILED, reference, now);
    }

    private Refund moved(RefundStatus target, Optional<String> reference, Instant now) {
        if (!status.canMoveTo(target)) {
            throw new IllegalStateException("a refund cannot move from " + status + " to " + target);
        }
        return new Refund(id, scope, partner, externalPaymentId, paymentId, documentId, customerId, kind, target, sources,
                reason, reference.or(() -> processorReference), createdAt, now);
    }
}
