package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Money received for a company: its amount, how much was applied to documents and how much was
 * kept as credit. For every payment, amount = applied + credit + unapplied remainder.
 *
 * @param externalPaymentId the identifier of the payment in the partner's or provider's system
 * @param outcome the result of the application, as the integrations API names it
 */
public record Payment(
        UUID id,
        TenantScope scope,
        String source,
        String externalPaymentId,
        PaymentKind kind,
        Optional<UUID> customerId,
        Money amount,
        Money applied,
        Money credit,
        String outcome,
        Instant paidAt,
        Instant createdAt) {

    public Payment {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(customerId, "customerId");
        if (!amount.isPositive()) {
            throw new IllegalArgumentException("a payment amount is positive");
        }
    }
}
