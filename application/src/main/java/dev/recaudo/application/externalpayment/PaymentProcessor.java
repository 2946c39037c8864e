package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.ExternalPayment;

/**
 * Port: what takes the payer's money. Recaudo records and applies a payment only after the
 * processor approved it; with no processor for live payments, nothing pretends to charge.
 */
public interface PaymentProcessor {

    /** The processor's answer to a direct payment. */
    enum Decision {
        APPROVED,
        DECLINED,
        /** Neither yet: the payment stays pending. */
        PENDING
    }

    Decision charge(ExternalPayment payment);
}
