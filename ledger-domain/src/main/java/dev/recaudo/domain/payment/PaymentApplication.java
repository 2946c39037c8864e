package dev.recaudo.domain.payment;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Part of a payment applied to one document, in the document's currency. {@code position} is its
 * place among the payment's applications, from 0: the order the partner listed the documents in,
 * which is the order the payment shows them. A refund's application ({@code refundId} present) takes
 * money back off the document (a negative amount) or, when the refund was declined, puts it back.
 */
public record PaymentApplication(UUID id, UUID paymentId, DocumentId documentId, Money amount, UUID transferId, int position,
        Instant appliedAt, Optional<UUID> refundId) {

    public PaymentApplication {
        Objects.requireNonNull(refundId, "refundId");
        if (position < 0) {
            throw new IllegalArgumentException("positions start at 0");
        }
        if (amount.isZero() || (amount.isNegative() && refundId.isEmpty())) {
            throw new IllegalArgumentException("only a refund's application takes money off a document");
        }
    }

    /** An application of received money to the document. */
    public PaymentApplication(UUID id, UUID paymentId, DocumentId documentId, Money amount, UUID transferId, int position,
            Instant appliedAt) {
        this(id, paymentId, documentId, amount, transferId, position, appliedAt, Optional.empty());
    }
}
