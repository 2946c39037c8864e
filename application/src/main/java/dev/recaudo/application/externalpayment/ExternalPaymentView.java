package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import java.util.List;

/** An external payment with the attempts to deliver its callback, as the API shows it. */
public record ExternalPaymentView(ExternalPayment payment, List<CallbackAttempt> webhookAttempts) {

    public ExternalPaymentView {
        webhookAttempts = List.copyOf(webhookAttempts);
    }
}
