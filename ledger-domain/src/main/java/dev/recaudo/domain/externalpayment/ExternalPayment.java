package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.UUID;

/** A payment created through the external payments API, hosted (checkout page) or direct. */
public record ExternalPayment(
        UUID id,
        String mode,
        String status,
        Money amount,
        String callbackUrl,
        String externalReference,
        UUID invoiceId,
        UUID paymentId,
        Instant createdAt,
        Instant updatedAt) {}
