package dev.recaudo.application.invoice;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.SettlementVerdict;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The payment of an invoice's checkout, in one transaction that locks the invoice and re-reads the
 * checkout under that lock (a concurrent amount change may have replaced it): a pending checkout of
 * an invoice that owes exactly its amount is settled ({@code PAID}, {@code invoice.paid} once). Money a
 * rail already took for a checkout that no longer takes it is never dropped: it becomes credit.
 */
public final class CheckoutPaymentService implements CheckoutPaymentUseCase {

    private final CollectionDocumentRepository documents;
    private final CheckoutRepository checkouts;
    private final PaymentRepository payments;
    private final Ledger ledger;
    private final DocumentBook book;
    private final Transactions transactions;
    private final PaymentCounts counts;
    private final Clock clock;

    public CheckoutPaymentService(CollectionDocumentRepository documents, CheckoutRepository checkouts,
            PaymentRepository payments, Ledger ledger, DocumentBook book, Transactions transactions, OperationalMetrics metrics,
            Clock clock) {
        this.documents = documents;
        this.checkouts = checkouts;
        this.payments = payments;
        this.ledger = ledger;
        this.book = book;
        this.transactions = transactions;
        this.counts = new PaymentCounts(metrics, transactions);
        this.clock = clock;
    }

    @Override
    public CheckoutPayment pay(TenantScope scope, Optional<String> source, UUID checkoutId) {
        return settle(scope, source, checkoutId, Optional.empty(), Optional.empty());
    }

    @Override
    public CheckoutPayment taken(TenantScope scope, UUID checkoutId, Money amount, String providerReference) {
        return settle(scope, Optional.empty(), checkoutId, Optional.of(amount), Optional.of(providerReference));
    }

    private CheckoutPayment settle(TenantScope scope, Optional<String> source, UUID checkoutId, Optional<Money> taken,
            Optional<String> providerReference) {
        CheckoutPayment result = transactions.inTransaction(() -> {
            Optional<CollectionDocument> locked = checkouts.find(scope, checkoutId)
                    .flatMap(checkout -> documents.lock(scope, checkout.documentId()))
                    .filter(InvoiceLifecycleService.visibleTo(source));
            if (locked.isEmpty()) {
                return new CheckoutPayment.NotFound();
            }
            CollectionDocument document = locked.get();
            Checkout current = checkouts.find(scope, checkoutId).orElseThrow();
            Optional<String> refusal = refusal(document, current, taken);
            if (refusal.isPresent()) {
                if (taken.isPresent()) {
                    return credit(document, current, taken.get(), providerReference, clock.instant());
                }
                if (current.status() == CheckoutStatus.APPROVED) {
                    counts.whenCommitted(PaymentCount.of(PaymentFamily.CHECKOUT, PaymentOutcome.ALREADY_PROCESSED));
                } else {
                    counts.whenSettled(PaymentCount.rejected(PaymentFamily.CHECKOUT, PaymentRefusal.NOT_PAYABLE));
                }
                return new CheckoutPayment.NotPayable(refusal.get());
            }
            Instant now = clock.instant();
            Payment payment = Payment.settling(scope, document.source(), PaymentKind.CHECKOUT, current.id(),
                    document.customerId(), current.amount(), providerReference, now);
            CheckoutPayment paid = new CheckoutPayment.Paid(
                    book.settle(document, payment, AccountCode.checkoutCollections(), DocumentStatus.PAID, now));
            counts.whenCommitted(PaymentCount.of(PaymentFamily.CHECKOUT, payment.outcome()));
            return paid;
        });
        if (result instanceof CheckoutPayment.NotFound) {
            counts.whenSettled(PaymentCount.rejected(PaymentFamily.CHECKOUT, PaymentRefusal.NOT_FOUND));
        }
        return result;
    }

    /** Why the checkout cannot be paid now (by {@code taken}, when a rail brings that amount), if it cannot. */
    private static Optional<String> refusal(CollectionDocument document, Checkout current, Optional<Money> taken) {
        if (!current.isPending()) {
            return Optional.of("the checkout is " + current.status().wireName() + ", not PENDING");
        }
        SettlementVerdict verdict = DocumentLifecycle.payCheckout(document);
        if (!(verdict instanceof SettlementVerdict.Settle settle) || !settle.openBalance().equals(current.amount())
                || !taken.map(current.amount()::equals).orElse(true)) {
            return Optional.of("the invoice is " + document.status() + " and cannot be paid");
        }
        return Optional.empty();
    }

    /**
     * The closed-route rule (docs/decisions.md, "Money for a closed route becomes announced credit"):
     * the document is neither re-paid nor reopened; the money is recorded as a checkout payment that
     * applied nothing and moves to the customer's credit, announced as {@code customer.credit_created}.
     */
    private CheckoutPayment credit(CollectionDocument document, Checkout checkout, Money amount,
            Optional<String> providerReference, Instant now) {
        UUID paymentId = UUID.randomUUID();
        Payment payment = Payment.builder().id(paymentId).scope(document.scope()).source(document.source())
                .externalPaymentId(PaymentKind.CHECKOUT.externalPaymentIdOf(checkout.id())).kind(PaymentKind.CHECKOUT)
                .customerId(Optional.of(document.customerId())).amount(amount).applicationAmount(Optional.of(amount))
                .applied(Money.zero(amount.currency())).credit(amount).outcome(PaymentOutcome.CREDITED)
                .providerPaymentId(providerReference).paidAt(now).createdAt(now).updatedAt(now).build();
        payments.insert(payment);
        ledger.post(Transfer.move(document.scope(), TransferKind.PAYMENT_RECEIVED, AccountCode.checkoutCollections(),
                AccountCode.unappliedPayment(paymentId), amount, Optional.empty(), Optional.of(paymentId), now));
        book.credit(document, payment, amount, CustomerCreditEvent.Reason.DOCUMENT_CLOSED, now);
        counts.whenCommitted(PaymentCount.of(PaymentFamily.CHECKOUT, PaymentOutcome.CREDITED));
        return new CheckoutPayment.Credited(amount);
    }
}
