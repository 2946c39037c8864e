package dev.recaudo.domain.ledger;

/** Why money moved. */
public enum TransferKind {
    DOCUMENT_ISSUED,
    DOCUMENT_ADJUSTED,
    DOCUMENT_ANNULLED,
    PAYMENT_RECEIVED,
    PAYMENT_APPLIED,
    CREDIT_CREATED,
    CURRENCY_CONVERTED,
    /** A refund's money leaves the payment's places (unapplied, credit, receivable) for its in-flight account. */
    REFUND_TAKEN,
    /** The processor refunded (or the rail charged back): the in-flight money leaves the collections account. */
    REFUND_PAID_OUT,
    /** The processor declined: the in-flight money goes back exactly where it was taken from. */
    REFUND_PUT_BACK,
    /** A card processor's fee, read from its payout report: collections credit, {@code processor_fees:<rail>} debit. */
    PROCESSOR_FEE
}
