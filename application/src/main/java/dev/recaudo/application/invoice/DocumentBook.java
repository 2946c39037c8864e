package dev.recaudo.application.invoice;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The money moves of a document, each one a document change, a balanced ledger transfer and,
 * where the lifecycle says so, an outbox event, all in the caller's transaction. Use cases decide
 * whether a move is allowed (through {@code DocumentLifecycle}); this class carries it out.
 */
public final class DocumentBook {

    public static final String INVOICE_CREATED = "invoice.created";
    public static final String INVOICE_CANCELED = "invoice.canceled";
    public static final String INVOICE_PAID = "invoice.paid";
    public static final String INVOICE_REFUNDED = "invoice.refunded";

    private final CollectionDocumentRepository documents;
    private final CheckoutRepository checkouts;
    private final ExternalPaymentRepository externalPayments;
    private final PaymentRepository payments;
    private final Ledger ledger;
    private final Outbox outbox;
    private final PublicInvoiceProjection projection;
    private final ReceivedApplications received;

    public DocumentBook(CollectionDocumentRepository documents, CheckoutRepository checkouts,
            ExternalPaymentRepository externalPayments, PaymentRepository payments, Ledger ledger, Outbox outbox,
            PublicInvoiceProjection projection) {
        this.documents = documents;
        this.checkouts = checkouts;
        this.externalPayments = externalPayments;
        this.payments = payments;
        this.ledger = ledger;
        this.outbox = outbox;
        this.projection = projection;
        this.received = new ReceivedApplications(documents, payments, ledger);
    }

    /** Books a newly inserted document: its receivable, and a checkout for the full balance. */
    public InvoiceView issued(CollectionDocument document, Instant now) {
        ledger.post(Transfer.move(document.scope(), TransferKind.DOCUMENT_ISSUED, AccountCode.receivable(document.id()),
                AccountCode.billing(), document.total(), Optional.of(document.id()), Optional.empty(), now));
        Checkout checkout = Checkout.forBalanceOf(document, now);
        checkouts.insert(checkout);
        return new InvoiceView(document, Optional.of(checkout), Optional.empty());
    }

    /** New informational data; a payable checkout follows it. */
    public InvoiceView describe(CollectionDocument updated, Instant now) {
        documents.update(updated);
        Optional<Checkout> checkout = checkouts.current(updated.scope(), updated.id())
                .map(current -> current.isPending() ? updated(current.describing(updated, now)) : current);
        return view(updated, checkout);
    }

    /** A new total for an open document: an adjusting transfer, and a new checkout replacing the old. */
    public InvoiceView changeTotal(CollectionDocument described, Money newTotal, Instant now) {
        Money delta = newTotal.minus(described.total());
        CollectionDocument updated = described.withTotal(newTotal, now);
        AccountCode receivable = AccountCode.receivable(updated.id());
        Transfer adjustment = delta.isPositive()
                ? Transfer.move(updated.scope(), TransferKind.DOCUMENT_ADJUSTED, receivable, AccountCode.billing(), delta,
                        Optional.of(updated.id()), Optional.empty(), now)
                : Transfer.move(updated.scope(), TransferKind.DOCUMENT_ADJUSTED, AccountCode.billing(), receivable,
                        delta.negate(), Optional.of(updated.id()), Optional.empty(), now);
        ledger.post(adjustment);
        documents.update(updated);
        cancelPendingHostedPayment(updated.scope(), updated.id(), now);
        return view(updated, Optional.of(replaceCheckout(updated, now)));
    }

    /**
     * Annulment: the open balance is written off, the checkout voided, the event queued. The
     * checkout is voided when it collected nothing, pending or failed ({@code REJECTED}): the
     * spec's {@code invoice.canceled} carries {@code payment.status} {@code canceled}, and the
     * invoice read afterwards says what its event said.
     */
    public InvoiceView annul(CollectionDocument document, Instant now) {
        if (document.balance().isPositive()) {
            ledger.post(Transfer.move(document.scope(), TransferKind.DOCUMENT_ANNULLED, AccountCode.billing(),
                    AccountCode.receivable(document.id()), document.balance(), Optional.of(document.id()), Optional.empty(), now));
        }
        CollectionDocument annulled = document.annulled(now);
        documents.update(annulled);
        Optional<Checkout> checkout = checkouts.current(annulled.scope(), annulled.id())
                .map(current -> current.collectedNothing() ? updated(current.canceled(now)) : current);
        cancelPendingHostedPayment(annulled.scope(), annulled.id(), now);
        InvoiceView view = view(annulled, checkout);
        announce(INVOICE_CANCELED, view, now);
        return view;
    }

    /**
     * Settles the document with a new payment that pays it alone (a checkout, a provider
     * settlement): the payment is recorded, applied in full from {@code collections} as its single
     * application, and the document announced paid. The checkout carries the provider's id of the
     * payment, or, for a checkout paid without a provider (the sandbox), the payment's own
     * {@code checkout:<checkoutId>}, so that {@code invoice.paid} always names what paid.
     */
    public InvoiceView settle(CollectionDocument document, Payment payment, AccountCode collections, DocumentStatus status,
            Instant now) {
        payments.insert(payment);
        CollectionDocument paid = applyPayment(document, payment, payment.amount(), collections, status, 0, now);
        return paid(paid, payment.providerPaymentId().or(() -> Optional.of(payment.externalPaymentId())), payment.id(), now);
    }

    /** One document's part of a received payment: the document as this transaction locked it, and the amount it takes. */
    public record ReceivedPart(CollectionDocument document, Money amount) {}

    /** {@link #applyReceived(Payment, List, int, Instant, List)} of one part, at {@code position}. */
    public CollectionDocument applyReceived(CollectionDocument document, Payment payment, Money amount, int position,
            Instant now) {
        return applyReceived(payment, List.of(new ReceivedPart(document, amount)), position, now, List.of()).get(0);
    }

    /**
     * Applies a received payment's parts from {@code firstPosition} on, posting {@code alongside} in the same
     * ledger call ({@link ReceivedApplications}); a settled document is paid and announced, one owing stays open.
     */
    public List<CollectionDocument> applyReceived(Payment payment, List<ReceivedPart> parts, int firstPosition, Instant now,
            List<Transfer> alongside) {
        List<CollectionDocument> applied = received.apply(payment, parts, firstPosition, now, alongside);
        applied.forEach(document -> closeOrPay(document, Optional.of(payment.externalPaymentId()), payment.id(), now));
        return applied;
    }

    /**
     * Applies {@code amount} of a recorded payment to the document, from {@code collections} (the
     * account holding the payment's money) to the document's receivable, moving the document to
     * {@code status}; {@code position} is the application's place among the payment's applications.
     */
    private CollectionDocument applyPayment(
            CollectionDocument document, Payment payment, Money amount, AccountCode collections, DocumentStatus status,
            int position, Instant now) {
        Transfer transfer = Transfer.move(document.scope(), TransferKind.PAYMENT_APPLIED, collections,
                AccountCode.receivable(document.id()), amount, Optional.of(document.id()), Optional.of(payment.id()), now);
        ledger.post(transfer);
        payments.insertApplication(document.scope(),
                new PaymentApplication(UUID.randomUUID(), payment.id(), document.id(), amount, transfer.id(), position, now));
        CollectionDocument paid = document.withPayment(amount, status, now);
        documents.update(paid);
        if (paid.balance().isPositive()) {
            checkouts.cancelPending(paid.scope(), paid.id(), now);
        }
        return paid;
    }

    /**
     * After a received payment's application: a partly paid document is no longer payable by a
     * checkout for its former balance; a settled one is paid and announced.
     */
    private void closeOrPay(CollectionDocument document, Optional<String> paymentReference, UUID paymentId, Instant now) {
        if (document.balance().isPositive()) {
            checkouts.cancelPending(document.scope(), document.id(), now);
        } else if (document.status() == DocumentStatus.PAID) {
            paid(document, paymentReference, paymentId, now);
        }
    }

    /**
     * Approves the current checkout with the payment, cancels the document's pending hosted payment
     * (a paid document takes no more money) and queues exactly one {@code invoice.paid}.
     */
    private InvoiceView paid(CollectionDocument document, Optional<String> paymentReference, UUID paymentId, Instant now) {
        // A checkout pending, or canceled by an earlier partial payment, ends approved by the payment
        // that settled the document either way, so invoice.paid always says APPROVED.
        Optional<Checkout> checkout = checkouts.approveForPaidDocument(document.scope(), document.id(), paymentReference, now);
        InvoiceView view = new InvoiceView(document, checkout, Optional.of(paymentId));
        announce(INVOICE_PAID, view, now);
        return view;
    }

    /** Keeps what the document did not take of a received payment as its customer's credit, announced. */
    public void credit(CollectionDocument document, Payment payment, Money credit, CustomerCreditEvent.Reason reason,
            Instant now) {
        ledger.post(Transfer.move(document.scope(), TransferKind.CREDIT_CREATED, AccountCode.unappliedPayment(payment.id()),
                AccountCode.customerCredit(document.customerId()), credit, Optional.empty(), Optional.of(payment.id()), now));
        outbox.append(CustomerCreditEvent.of(document, payment, credit, reason, now));
    }

    public InvoiceView view(CollectionDocument document) {
        return view(document, checkouts.current(document.scope(), document.id()));
    }

    public void announce(String type, InvoiceView view, Instant now) {
        announce(type, view, Map.of(), now);
    }

    /** A refund made the document owe again: a checkout for its new balance, and {@code invoice.refunded} with {@code more}. */
    public void reopened(CollectionDocument document, Map<String, Object> more, Instant now) {
        announce(INVOICE_REFUNDED, view(document, Optional.of(replaceCheckout(document, now))), more, now);
    }

    private void announce(String type, InvoiceView view, Map<String, Object> more, Instant now) {
        UUID eventId = UUID.randomUUID();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", eventId.toString());
        body.put("type", type);
        body.put("created_at", now.toString());
        body.put("invoice", projection.invoice(view));
        body.putAll(more);
        outbox.append(new OutboxEvent(eventId, view.document().scope(), view.document().id().value(), type, now, body));
    }

    private InvoiceView view(CollectionDocument document, Optional<Checkout> checkout) {
        return new InvoiceView(document, checkout, payments.latestPaymentFor(document.scope(), document.id()));
    }

    /** A new amount, an annulment or a payment ends the hosted external payment collecting the document. */
    private void cancelPendingHostedPayment(TenantScope scope, DocumentId documentId, Instant now) {
        externalPayments.pendingHostedFor(scope, documentId)
                .ifPresent(pending -> externalPayments.update(pending.canceled(now)));
    }

    private Checkout updated(Checkout checkout) {
        checkouts.update(checkout);
        return checkout;
    }

    /** A checkout for the document's balance now, in place of the pending one. */
    private Checkout replaceCheckout(CollectionDocument document, Instant now) {
        checkouts.cancelPending(document.scope(), document.id(), now);
        Checkout replacement = Checkout.forBalanceOf(document, now);
        checkouts.insert(replacement);
        return replacement;
    }
}
