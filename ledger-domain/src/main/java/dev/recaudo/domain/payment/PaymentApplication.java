package dev.recaudo.domain.payment;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.UUID;

/** Part of a payment applied to one document, in the document's currency. */
public record PaymentApplication(UUID id, UUID paymentId, DocumentId documentId, Money amount, UUID transferId, Instant appliedAt) {}
