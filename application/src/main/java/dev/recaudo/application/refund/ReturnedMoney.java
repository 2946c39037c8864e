package dev.recaudo.application.refund;

import dev.recaudo.application.refund.MoneyReturnedUseCase.ChargebackResult;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.ReturnVerdict;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundRepository;
import dev.recaudo.domain.refund.RefundSources;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Money of a completed external payment that went back through its rail without Recaudo asking (a
 * chargeback, a refund at the processor's dashboard, a dispute lost), booked in the caller's
 * transaction under the payment's row lock: everything held, or the amount named bounded by what is
 * held, and once per rail reference.
 */
final class ReturnedMoney {

    private final ExternalPaymentRepository externalPayments;
    private final PaymentRepository payments;
    private final RefundRepository refunds;
    private final PaymentHoldings holdings;
    private final RefundBook book;
    private final Clock clock;

    ReturnedMoney(ExternalPaymentRepository externalPayments, PaymentRepository payments, RefundRepository refunds, PaymentHoldings holdings,
            RefundBook book, Clock clock) {
        this.externalPayments = externalPayments;
        this.payments = payments;
        this.refunds = refunds;
        this.holdings = holdings;
        this.book = book;
        this.clock = clock;
    }

    /**
     * {@code amount} of what a ledger payment no external payment holds (an invoice's checkout paid by
     * card, a bank credit) still holds went back through its rail, bounded by what it holds; once per
     * rail reference. The invoice it paid owes again, with a fresh checkout.
     */
    ChargebackResult bookOfPayment(TenantScope scope, UUID paymentId, Money amount, Optional<String> reason,
            String railReference) {
        Optional<Payment> found = payments.findById(scope, paymentId);
        if (found.isEmpty()) {
            return new ChargebackResult.NotFound();
        }
        Optional<CollectionDocument> paidDocument = holdings.lockPaidDocument(found.get());
        Optional<Refund> booked = refunds.ofPayment(scope, paymentId).stream()
                .filter(refund -> refund.processorReference().filter(railReference::equals).isPresent()).findFirst();
        if (booked.isPresent()) {
            return new ChargebackResult.AlreadyBooked(booked.get());
        }
        Payment payment = payments.findById(scope, paymentId).orElseThrow();
        Money held = holdings.held(payment).total();
        if (!held.isPositive()) {
            return new ChargebackResult.NothingToReturn("the payment was returned in full already");
        }
        Money taken = amount.isPositive() && held.isGreaterThan(amount) ? amount : held;
        RefundSources sources = holdings.take(taken, payment);
        Optional<CollectionDocument> document = sources.document().isPositive() ? paidDocument : Optional.empty();
        if (document.isPresent() && DocumentLifecycle.chargeBack(document.get(), sources.document())
                instanceof ReturnVerdict.Rejected) {
            return new ChargebackResult.NothingToReturn("the invoice is " + document.get().status());
        }
        Instant now = clock.instant();
        Refund refund = Refund.chargedBack(UUID.randomUUID(), PaymentHoldings.origin(payment, document), sources, reason,
                Optional.of(railReference), now);
        refunds.insert(refund);
        book.take(refund, payment, document, now);
        book.payOut(refund, now);
        return new ChargebackResult.ChargedBack(refund);
    }

    /** Everything held ({@code amount} empty), or {@code amount} bounded by what is held; once per rail reference. */
    ChargebackResult book(TenantScope scope, String partner, UUID externalPaymentId, Optional<Money> amount,
            Optional<String> reason, Optional<String> railReference) {
        Optional<ExternalPayment> found = externalPayments.lock(scope, partner, externalPaymentId);
        if (found.isEmpty()) {
            return new ChargebackResult.NotFound();
        }
        ExternalPayment paid = found.get();
        if (paid.status() != ExternalPaymentStatus.COMPLETED) {
            return new ChargebackResult.NothingToReturn("the payment is " + paid.status().wireName() + " and took no money");
        }
        Optional<Refund> booked = railReference.flatMap(reference -> refunds.ofExternalPayment(scope, paid.id()).stream()
                .filter(refund -> refund.processorReference().filter(reference::equals).isPresent()).findFirst());
        if (booked.isPresent()) {
            return new ChargebackResult.AlreadyBooked(booked.get());
        }
        Payment payment = holdings.paymentOf(paid);
        Money held = holdings.held(payment).total();
        if (!held.isPositive()) {
            return new ChargebackResult.NothingToReturn("the payment was refunded or charged back in full already");
        }
        Money taken = amount.filter(asked -> asked.isPositive() && held.isGreaterThan(asked)).orElse(held);
        RefundSources sources = holdings.take(taken, payment);
        Optional<CollectionDocument> document = holdings.document(paid, sources);
        if (document.isPresent() && DocumentLifecycle.chargeBack(document.get(), sources.document())
                instanceof ReturnVerdict.Rejected) {
            return new ChargebackResult.NothingToReturn("the invoice is " + document.get().status());
        }
        Instant now = clock.instant();
        Refund refund = Refund.chargedBack(UUID.randomUUID(), PaymentHoldings.origin(paid, payment), sources, reason, railReference, now);
        refunds.insert(refund);
        book.take(refund, payment, document, now);
        book.payOut(refund, now);
        return new ChargebackResult.ChargedBack(refund);
    }
}
