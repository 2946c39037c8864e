package dev.recaudo.domain.ledger;

/** Why money moved. */
public enum TransferKind {
    DOCUMENT_ISSUED,
    DOCUMENT_ADJUSTED,
    DOCUMENT_ANNULLED,
    PAYMENT_RECEIVED,
    PAYMENT_APPLIED,
    CREDIT_CREATED,
    CURRENCY_CONVERTED
}
