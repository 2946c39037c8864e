package dev.recaudo.domain.payment;

/** Where a payment came from. */
public enum PaymentKind {
    /** Settled outside Recaudo and reported by the partner when annulling with PAID_FROM_PROVIDER. */
    PROVIDER_SETTLEMENT,
    /** Paid through a Recaudo checkout. */
    CHECKOUT,
    /** Verified by the partner and reported through the integrations API. */
    VERIFIED
}
