package dev.recaudo.domain.ledger;

import dev.recaudo.domain.document.DocumentId;
import java.util.Objects;
import java.util.UUID;

/**
 * A ledger account within a tenant and currency. Debit-normal accounts (receivables, cash) grow
 * with positive entries; credit-normal ones (billing, customer credit) grow with negative entries.
 */
public record AccountCode(String value) {

    public AccountCode {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > 200) {
            throw new IllegalArgumentException("account code must have 1 to 200 characters");
        }
    }

    /** What the customer owes on one document; its balance is the document's balance. */
    public static AccountCode receivable(DocumentId document) {
        return new AccountCode("receivable:" + document.value());
    }

    /** The company's billed income: the other side of every receivable. */
    public static AccountCode billing() {
        return new AccountCode("billing");
    }

    /** Money a partner collected outside Recaudo and reported (settlements, verified payments). */
    public static AccountCode partnerCollections(String source) {
        return new AccountCode("partner_collections:" + source);
    }

    /** Money collected through Recaudo's own checkouts. */
    public static AccountCode checkoutCollections() {
        return new AccountCode("checkout_collections");
    }

    /** Money collected through the external payments API (hosted page or direct processing). */
    public static AccountCode externalCollections() {
        return new AccountCode("external_collections");
    }

    /** A remainder of a payment kept for the customer. */
    public static AccountCode customerCredit(UUID companyCustomerId) {
        return new AccountCode("customer_credit:" + companyCustomerId);
    }

    /** Part of a payment not yet applied to any document. */
    public static AccountCode unappliedPayment(UUID paymentId) {
        return new AccountCode("unapplied_payment:" + paymentId);
    }

    /** A refund's money between leaving the payment and leaving the company (or going back): zero unless pending. */
    public static AccountCode refundInFlight(UUID refundId) {
        return new AccountCode("refund_in_flight:" + refundId);
    }

    /**
     * What a card processor kept of the money it collected: the fees of its charges and disputes (an
     * expense, debit-normal), taken from the collections account the charge's money sits in.
     */
    public static AccountCode processorFees(String rail) {
        return new AccountCode("processor_fees:" + rail);
    }

    /** Conversions at a certified exchange rate: one leg per currency. */
    public static AccountCode currencyExchange() {
        return new AccountCode("currency_exchange");
    }

    @Override
    public String toString() {
        return value;
    }
}
