package dev.recaudo.application.refund;

import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundSources;
import java.util.Optional;

/**
 * Where a completed external payment's money sits now, read in the caller's transaction under the
 * payment's row lock: what it holds unapplied (in the ledger), the credit it created and what it
 * applied to its invoice. Every refund or chargeback takes from here, so a pending one counts at once.
 */
final class PaymentHoldings {

    private final PaymentRepository payments;
    private final CollectionDocumentRepository documents;
    private final Ledger ledger;

    PaymentHoldings(PaymentRepository payments, CollectionDocumentRepository documents, Ledger ledger) {
        this.payments = payments;
        this.documents = documents;
        this.ledger = ledger;
    }

    /** The ledger payment the completed external payment recorded. */
    Payment paymentOf(ExternalPayment completed) {
        return payments.findById(completed.scope(), completed.paymentId().orElseThrow()).orElseThrow();
    }

    /** Everything the payment still holds, as sources: what a refund of all of it would take. */
    RefundSources held(Payment payment) {
        Money unapplied = ledger.balance(payment.scope(), AccountCode.unappliedPayment(payment.id()),
                payment.amount().currency()).negate();
        return new RefundSources(unapplied, payment.credit(), payment.applied());
    }

    /** {@code amount} of what the payment holds, in the order refunds take it; the caller checked it fits. */
    RefundSources take(Money amount, Payment payment) {
        RefundSources held = held(payment);
        return RefundSources.take(amount, held.unapplied(), held.credit(), held.document());
    }

    /** The invoice the sources take money off, locked; none when they take nothing from one. */
    Optional<CollectionDocument> document(ExternalPayment completed, RefundSources sources) {
        return sources.document().isPositive()
                ? Optional.of(documents.lock(completed.scope(), completed.invoiceId().orElseThrow()).orElseThrow())
                : Optional.empty();
    }

    /**
     * The invoice a ledger payment no external payment holds still pays (an invoice's checkout pays one),
     * locked: every return of the payment's money waits for it; none when it pays none.
     */
    Optional<CollectionDocument> lockPaidDocument(Payment payment) {
        return payments.applicationsOfPayment(payment.scope(), payment.id()).stream()
                .filter(paid -> paid.applied().isPositive()).findFirst()
                .flatMap(paid -> documents.lock(payment.scope(), paid.documentId()));
    }

    /** The origin of a return of a ledger payment no external payment holds: no partner sees it. */
    static Refund.Origin origin(Payment payment, Optional<CollectionDocument> document) {
        return new Refund.Origin(payment.scope(), Optional.empty(), Optional.empty(), payment.id(),
                document.map(CollectionDocument::id), payment.customerId());
    }

    static Refund.Origin origin(ExternalPayment completed, Payment payment) {
        return new Refund.Origin(completed.scope(), Optional.of(completed.partner()), Optional.of(completed.id()), payment.id(), completed.invoiceId(),
                payment.customerId());
    }
}
