package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
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

    /** The payment with the attempts its callback has had so far, and the ledger payment it recorded. */
    static ExternalPaymentView of(ExternalPayment payment, ExternalPaymentCallbacks callbacks, PaymentRepository payments) {
        return new ExternalPaymentView(payment,
                callbacks.attemptsOf(payment.scope(), List.of(payment.id())).getOrDefault(payment.id(), List.of()),
                payment.paymentId().flatMap(id -> payments.findById(payment.scope(), id)));
    }
}
