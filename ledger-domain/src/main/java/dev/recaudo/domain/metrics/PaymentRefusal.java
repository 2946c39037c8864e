package dev.recaudo.domain.metrics;

/**
 * Why a payment that no use case rejection names did not happen: the reasons of the hosted page,
 * the sandbox controls, provider settlements and the processor, as counted.
 */
public enum PaymentRefusal {
    /** Nothing payable under that id for this caller. */
    NOT_FOUND,
    /** Canceled, failed, or an invoice that takes no payment now. */
    NOT_PAYABLE,
    /** The invoice was settled before with another provider payment id. */
    SETTLED_BY_ANOTHER_PAYMENT,
    /** The processor declined the charge. */
    DECLINED
}
