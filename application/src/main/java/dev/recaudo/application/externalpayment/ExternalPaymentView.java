package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import java.util.List;

/** An external payment with the attempts to deliver its callback, as the API shows it. */
public record ExternalPaymentView(ExternalPayment payment, List<CallbackAttempt> webhookAttempts) {

    public ExternalPaymentView {
        webhookAttempts = List.copyOf(webhookAttempts);
    }

    /** The payment with the attempts its callback has had so far. */
    static ExternalPaymentView of(ExternalPayment payment, ExternalPaymentCallbacks callbacks) {
        return new ExternalPaymentView(payment,
                callbacks.attemptsOf(payment.scope(), List.of(payment.id())).getOrDefault(payment.id(), List.of()));
    }
}
