package dev.recaudo.application.refund;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.ReturnVerdict;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundRepository;
import dev.recaudo.domain.refund.RefundSources;
import dev.recaudo.domain.webhook.Outbox;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Refunds and chargebacks of completed external payments. Every check runs under the external
 * payment's row lock, and a pending refund has already taken its money out of the payment, so what
 * is refundable is what the payment still holds: paid and not already refunded, pending refunds counted.
 */
public final class RefundsService implements RefundsUseCase, MoneyReturnedUseCase, RefundRecoveryUseCase {

    private static final System.Logger LOG = System.getLogger(RefundsService.class.getName());

    /** Pending refunds asked about per recovery run at most. */
    static final int RECOVERY_BATCH_MAX = 50;

    private final ExternalPaymentRepository externalPayments;
    private final RefundRepository refunds;
    private final PaymentHoldings holdings;
    private final RefundBook book;
    private final ReturnedMoney returnedMoney;
    private final Processors processors;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration unknownAfter;

    /**
     * @param processors the processor that refunds each environment's payments (the one that took them), if one does
     * @param unknownAfter how long a refund stays pending before the recovery asks the processor about it
     */
    public RefundsService(ExternalPaymentRepository externalPayments, RefundRepository refunds, PaymentRepository payments,
            CollectionDocumentRepository documents, Ledger ledger, DocumentBook documentBook, Outbox outbox,
            Processors processors, Transactions transactions, Clock clock, Duration unknownAfter) {
        this.externalPayments = externalPayments;
        this.refunds = refunds;
        this.holdings = new PaymentHoldings(payments, documents, ledger);
        this.book = new RefundBook(documents, payments, ledger, documentBook, outbox);
        this.returnedMoney = new ReturnedMoney(externalPayments, payments, refunds, holdings, book, clock);
        this.processors = processors;
        this.transactions = transactions;
        this.clock = clock;
        this.unknownAfter = unknownAfter;
    }

    @Override
    public StartResult start(RequestRefund command) {
        if (processorOf(command.scope()).isEmpty()) {
            return new StartResult.ProcessorUnavailable();
        }
        Optional<ExternalPayment> found = externalPayments.lock(command.scope(), command.partner(), command.externalPaymentId());
        if (found.isEmpty()) {
            return rejected(RefundsUseCase.Rejection.PAYMENT_NOT_FOUND, "No external payment with this id");
        }
        ExternalPayment paid = found.get();
        if (paid.status() != ExternalPaymentStatus.COMPLETED) {
            return rejected(RefundsUseCase.Rejection.PAYMENT_NOT_COMPLETED,
                    "The payment is " + paid.status().wireName() + ": only a completed payment is refunded");
        }
        Payment payment = holdings.paymentOf(paid);
        Money amount = Money.of(command.amountMinor(), paid.amount().currency());
        Money refundable = holdings.held(payment).total();
        if (amount.isGreaterThan(refundable)) {
            return rejected(RefundsUseCase.Rejection.AMOUNT_ABOVE_REFUNDABLE, "must be at most " + refundable.amountMinor()
                    + ", what the payment holds that is not refunded already (pending refunds count)");
        }
        RefundSources sources = holdings.take(amount, payment);
        Optional<CollectionDocument> document = holdings.document(paid, sources);
        if (document.isPresent() && DocumentLifecycle.refund(document.get(), sources.document())
                instanceof ReturnVerdict.Rejected) {
            return rejected(RefundsUseCase.Rejection.DOCUMENT_RECONCILED, "The invoice this payment paid is " + document.get().status()
                    + (document.get().status() == DocumentStatus.CONCILIATED ? ": its payment was reconciled" : " and cannot owe again")
                    + ", so it is not refunded here");
        }
        Refund refund = Refund.requested(UUID.randomUUID(), PaymentHoldings.origin(paid, payment), sources, command.reason(), clock.instant());
        refunds.insert(refund);
        book.take(refund, payment, document, refund.createdAt());
        return new StartResult.Started(refund);
    }

    @Override
    public Supplier<Refund> proceed(TenantScope scope, UUID refundId) {
        Refund refund = refunds.find(scope, refundId).orElseThrow();
        if (!refund.isPending()) {
            return () -> refund;
        }
        RefundAnswer answer;
        try {
            answer = processorOf(scope).orElseThrow().refund(request(refund));
        } catch (RuntimeException lost) {
            // A lost answer, or any other failure of the call: only asking tells what became of it, so the refund
            // stays pending and its retry or the recovery resolves it.
            return () -> refund;
        }
        return () -> transactions.inTransaction(() -> record(scope, refundId, answer));
    }

    @Override
    public int recoverPendingRefunds(KeyEnvironment environment) {
        List<Refund> due = refunds.pendingBefore(environment, clock.instant().minus(unknownAfter), RECOVERY_BATCH_MAX);
        for (Refund refund : due) {
            try {
                resolve(refund.scope(), refund.id());
            } catch (RuntimeException failure) {
                // One refund the processor or the books cannot answer for must not hold up the others: it waits its turn again.
                LOG.log(System.Logger.Level.WARNING, "Refund {0}: its outcome could not be resolved ({1})", refund.id(),
                        failure.toString());
                transactions.inTransaction(() -> {
                    refunds.lock(refund.scope(), refund.id()).filter(Refund::isPending)
                            .ifPresent(pending -> refunds.update(pending.asked(clock.instant())));
                    return refund;
                });
            }
        }
        return due.size();
    }

    @Override
    public Refund resolve(TenantScope scope, UUID refundId) {
        Refund refund = refunds.find(scope, refundId).orElseThrow();
        if (!refund.isPending()) {
            return refund;
        }
        PaymentProcessor processor = processorOf(scope).orElseThrow();
        RefundAnswer answer = processor.refundOf(scope, refund.processorKey()).orElseGet(() -> processor.refund(request(refund)));
        return transactions.inTransaction(() -> record(scope, refundId, answer));
    }

    @Override
    public Optional<Refund> resolveFromProcessor(TenantScope scope, UUID refundId, RefundAnswer answer) {
        return transactions.inTransaction(() -> refunds.find(scope, refundId).map(found -> record(scope, refundId, answer)));
    }

    @Override
    public ChargebackResult chargeback(TenantScope scope, String partner, UUID externalPaymentId, Optional<String> reason,
            Optional<String> railReference) {
        return transactions.inTransaction(() -> returnedMoney.book(scope, partner, externalPaymentId, Optional.empty(), reason,
                railReference));
    }

    @Override
    public ChargebackResult returned(TenantScope scope, String partner, UUID externalPaymentId, Money amount,
            Optional<String> reason, String railReference) {
        return transactions.inTransaction(() -> returnedMoney.book(scope, partner, externalPaymentId, Optional.of(amount),
                reason, Optional.of(railReference)));
    }

    @Override
    public ChargebackResult returnedOfPayment(TenantScope scope, UUID paymentId, Money amount, Optional<String> reason,
            String railReference) {
        return transactions.inTransaction(() -> returnedMoney.bookOfPayment(scope, paymentId, amount, reason, railReference));
    }

    @Override
    public Optional<Refund> find(TenantScope scope, UUID refundId) {
        return refunds.find(scope, refundId);
    }

    @Override
    public Optional<List<Refund>> ofPayment(TenantScope scope, String partner, UUID externalPaymentId) {
        return externalPayments.find(scope, partner, externalPaymentId)
                .map(payment -> refunds.ofExternalPayment(scope, payment.id()));
    }

    @Override
    public Map<UUID, List<Refund>> ofPayments(TenantScope scope, Collection<UUID> externalPaymentIds) {
        return refunds.ofExternalPayments(scope, externalPaymentIds);
    }

    /**
     * Phase 3: the processor's answer, recorded once; a refund that is no longer pending is left as
     * it is, and one the processor has not decided yet waits {@code unknownAfter} for the next question.
     */
    private Refund record(TenantScope scope, UUID refundId, RefundAnswer answer) {
        Refund found = refunds.find(scope, refundId).orElseThrow();
        // The payment's row lock first, as every refund of it takes: a declined refund puts money back
        // on the payment while another refund of it may be taking some.
        externalPayments.lock(scope, found.partner().orElseThrow(), found.externalPaymentId().orElseThrow()).orElseThrow();
        Refund locked = refunds.lock(scope, refundId).orElseThrow();
        if (!locked.isPending()) {
            return locked;
        }
        Instant now = clock.instant();
        if (answer.decision() == PaymentProcessor.Decision.PENDING) {
            Refund asked = locked.asked(now);
            refunds.update(asked);
            return asked;
        }
        boolean refunded = answer.decision() == PaymentProcessor.Decision.APPROVED;
        Refund settled = refunded ? locked.succeeded(answer.reference(), now) : locked.failed(answer.reference(), now);
        refunds.update(settled);
        if (refunded) {
            book.payOut(settled, now);
        } else {
            book.putBack(settled, now);
        }
        return settled;
    }

    private Optional<PaymentProcessor> processorOf(TenantScope scope) {
        return processors.of(scope);
    }

    private static RefundRequest request(Refund refund) {
        return new RefundRequest(refund.scope(), refund.externalPaymentId().orElseThrow(), refund.amount(), refund.processorKey());
    }

    private static StartResult rejected(RefundsUseCase.Rejection rejection, String detail) {
        return new StartResult.Rejected(rejection, detail);
    }
}
