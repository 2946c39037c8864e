package dev.recaudo.application.invoice;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: the payer's payment of an invoice's checkout, the one completion path of every rail
 * that pays a checkout: the sandbox (its page button and its control) and a card processor's session.
 */
public interface CheckoutPaymentUseCase {

    sealed interface CheckoutPayment {
        record Paid(InvoiceView invoice) implements CheckoutPayment {}

        record NotFound() implements CheckoutPayment {}

        /** The checkout or its invoice takes no payment now; nothing was taken. */
        record NotPayable(String reason) implements CheckoutPayment {}

        /** A rail had already taken the money for a checkout that no longer takes it: the customer's credit, announced. */
        record Credited(Money credit) implements CheckoutPayment {}
    }

    /** The payer pays the checkout now (the sandbox); {@code source}, when present, confines it to that partner's documents. */
    CheckoutPayment pay(TenantScope scope, Optional<String> source, UUID checkoutId);

    /**
     * A rail took {@code amount} for the checkout ({@code providerReference}: the rail's reference of the
     * charge): it pays the checkout when it is still payable for that amount, and becomes the invoice
     * customer's credit otherwise (the closed-route rule). Joins the caller's transaction.
     */
    CheckoutPayment taken(TenantScope scope, UUID checkoutId, Money amount, String providerReference);
}
