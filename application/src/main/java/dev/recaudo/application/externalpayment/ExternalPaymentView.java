package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.payment.Payment;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An external payment with the attempts to deliver its callback, as the API shows it.
 *
 * @param recorded the ledger payment recorded at completion, with what it applied and credited; empty until completed
 */
public record ExternalPaymentView(ExternalPayment payment, List<CallbackAttempt> webhookAttempts, Optional<Payment> recorded) {

    public ExternalPaymentView {
        webhookAttempts = List.copyOf(webhookAttempts);
        Objects.requireNonNull(recorded, "recorded");
    }
}
