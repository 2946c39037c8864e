package dev.recaudo.domain.payment;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.UUID;

/**
 * Part of a payment applied to one document, in the document's currency. {@code position} is its
 * place among the payment's applications, from 0: the order the partner listed the documents in,
 * which is the order the payment shows them.
 */
public record PaymentApplication(
        UUID id, UUID paymentId, DocumentId documentId, Money amount, UUID transferId, int position, Instant appliedAt) {

    public PaymentApplication {
        if (position < 0) {
            throw new IllegalArgumentException("positions start at 0");
        }
    }
}
