package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.invoice.CustomerCreditEvent;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The money of a completed external payment, in the caller's transaction. It arrives in
 * {@code external_collections} and is held in {@code unapplied_payment:<paymentId>}; from there, when
 * the payment names an invoice, as much as the invoice still owes is applied to its receivable
 * (exactly as a verified payment is: PAID or partly paid, {@code invoice.paid} queued once), and
 * the rest becomes the invoice customer's credit, announced as {@code customer.credit_created}. Without
 * an invoice, the money stays unapplied. Its callback is queued in the same transaction, so the
 * callback exists only if all of this commits.
 */
final class ExternalPaymentCompletion {

    private final ExternalPaymentRepository externalPayments;
    private final ExternalPaymentCallbacks callbacks;
    private final CollectionDocumentRepository documents;
    private final PaymentRepository payments;
    private final Ledger ledger;
    private final DocumentBook book;
    private final PaymentCounts counts;
    private final UntakenMoney untaken;

    ExternalPaymentCompletion(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            PaymentCounts counts, UntakenMoney untaken) {
        this.externalPayments = externalPayments;
        this.callbacks = callbacks;
        this.documents = documents;
        this.payments = payments;
        this.ledger = ledger;
        this.book = book;
        this.counts = counts;
        this.untaken = untaken;
    }

    /**
     * Completes a pending payment the caller has locked. The payment is marked completed before its
     * money is applied, so that the document's closing (which cancels its pending hosted payment)
     * does not cancel the payment that pays it.
     */
    ExternalPayment complete(ExternalPayment locked, Instant now) {
        return complete(locked, Optional.empty(), now);
    }

    /** As {@link #complete(ExternalPayment, Instant)}, naming the rail's reference of the charge on the ledger payment. */
    ExternalPayment complete(ExternalPayment locked, Optional<String> providerReference, Instant now) {
        TenantScope scope = locked.scope();
        Money amount = locked.amount();
        Optional<CollectionDocument> document = locked.invoiceId().flatMap(id -> documents.lock(scope, id));
        Optional<CollectionDocument> open = document.filter(ExternalPaymentCompletion::takesPayment)
                .filter(owing -> owing.balance().currency() == amount.currency());
        Money applied = open.map(owing -> owing.balance().min(amount)).orElse(Money.zero(amount.currency()));
        Money credit = document.isPresent() ? amount.minus(applied) : Money.zero(amount.currency());
        PaymentOutcome outcome = document.isEmpty() ? PaymentOutcome.NO_OPEN_DOCUMENTS
                : credit.isPositive() ? PaymentOutcome.CREDITED : PaymentOutcome.APPLIED;
        UUID paymentId = UUID.randomUUID();
        Payment payment = Payment.builder().id(paymentId).scope(scope)
                .source(document.map(CollectionDocument::source).orElse(locked.partner()))
                .externalPaymentId(PaymentKind.EXTERNAL.externalPaymentIdOf(locked.id())).kind(PaymentKind.EXTERNAL)
                .customerId(document.map(CollectionDocument::customerId)).amount(amount).applicationAmount(Optional.of(amount))
                .applied(applied).credit(credit).outcome(outcome).providerPaymentId(providerReference)
                .paidAt(now).createdAt(now).updatedAt(now).build();
        payments.insert(payment);
        ledger.post(Transfer.move(scope, TransferKind.PAYMENT_RECEIVED, AccountCode.externalCollections(),
                AccountCode.unappliedPayment(paymentId), amount, Optional.empty(), Optional.of(paymentId), now));
        ExternalPayment completed = locked.completed(paymentId, now);
        externalPayments.update(completed);
        if (applied.isPositive()) {
            book.applyReceived(open.orElseThrow(), payment, applied, 0, now);
        }
        if (credit.isPositive()) {
            untaken(completed, document.orElseThrow(), payment, credit, open.isPresent(), now);
        }
        completed.callbackUrl().ifPresent(url -> callbacks.queue(CallbackRequest.completed(scope, completed.id(), url, amount,
                completed.invoiceId().map(id -> id.value()), paymentId, now)));
        counts.whenCommitted(PaymentCount.of(PaymentFamily.EXTERNAL, outcome));
        return completed;
    }

    /**
     * The one place that decides what becomes of money that arrives for a document that does not
     * take it: a route that closed while the processor decided (a direct payment left pending, a
     * late processor answer), or a payment above a balance lowered meanwhile. The document is never
     * re-paid nor reopened; the money becomes the customer's credit, with its event, and where the
     * payment's rail can refund (a direct payment's processor), a refund of it starts at once.
     */
    private void untaken(ExternalPayment completed, CollectionDocument document, Payment payment, Money credit,
            boolean documentTookPart, Instant now) {
        book.credit(document, payment, credit,
                documentTookPart ? CustomerCreditEvent.Reason.ABOVE_BALANCE : CustomerCreditEvent.Reason.DOCUMENT_CLOSED, now);
        if (completed.mode() == ExternalPaymentMode.DIRECT) {
            untaken.giveBack(completed, credit);
        }
    }

    /** Whether a payment may still be applied to the document: open, owing, and not annulled. */
    static boolean takesPayment(CollectionDocument document) {
        return document.balance().isPositive() && document.status() != DocumentStatus.PAID
                && DocumentLifecycle.canMove(document.status(), DocumentStatus.PAID);
    }
}
