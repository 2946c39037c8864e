package dev.recaudo.bootstrap;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.CardPayouts;
import dev.recaudo.application.rail.PayoutReconciliation;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.RefundRepository;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The card payouts' use case: the {@code PayoutEvents} the processor webhook calls on {@code payout.paid}. */
public class PayoutWiring {

    @Produces
    @Singleton
    PayoutReconciliation payoutReconciliation(CardPayouts payouts, PaymentRepository payments,
            ExternalPaymentRepository externalPayments, RefundRepository refunds, CollectionDocumentRepository documents,
            Ledger ledger, Transactions transactions, Clock clock) {
        return new PayoutReconciliation(payouts, payments, externalPayments, refunds, documents, ledger, transactions, clock);
    }
}
