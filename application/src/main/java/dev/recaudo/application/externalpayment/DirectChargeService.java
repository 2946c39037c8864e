package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ChargeTrail;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.payment.PaymentRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The charge of a direct payment after its pending record committed: the processor is asked once,
 * outside any transaction and row lock, and its answer is recorded in a transaction of its own that
 * locks the payment and checks it is still pending, so running that transaction again, or a second
 * instance recording the same answer, changes nothing more. An answer that never arrived is found
 * by asking the processor under the charge's key, once the payment has been pending for longer than
 * the threshold; what the processor never received fails the payment, and the partner may create a new one.
 */
public final class DirectChargeService implements DirectChargeUseCase, ChargeRecoveryUseCase {

    /** Payments the recovery asks about per run at most. */
    static final int RECOVERY_BATCH_MAX = 100;

    private static final System.Logger LOG = System.getLogger(DirectChargeService.class.getName());

    /** What an answer does to a pending payment. */
    private enum Verdict { COMPLETE, FAIL, LEAVE }

    private final ExternalPaymentRepository externalPayments;
    private final ExternalPaymentCallbacks callbacks;
    private final PaymentRepository payments;
    private final ExternalPaymentCompletion completion;
    private final Processors processors;
    private final Transactions transactions;
    private final PaymentCounts counts;
    private final Clock clock;
    private final Duration unknownAfter;

    /** @param unknownAfter how long a direct payment stays pending before the recovery asks the processor about it */
    public DirectChargeService(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            Processors processors, Transactions transactions, OperationalMetrics metrics, Clock clock, Duration unknownAfter,
            UntakenMoney untaken) {
        this.externalPayments = externalPayments;
        this.callbacks = callbacks;
        this.payments = payments;
        this.counts = new PaymentCounts(metrics, transactions);
        this.completion = new ExternalPaymentCompletion(externalPayments, callbacks, documents, payments, ledger, book, counts,
                untaken);
        this.processors = processors;
        this.transactions = transactions;
        this.clock = clock;
        this.unknownAfter = unknownAfter;
    }

    @Override
    public ChargeOutcome charge(TenantScope scope, String partner, UUID paymentId) {
        Optional<ExternalPayment> pending = externalPayments.find(scope, partner, paymentId)
                .filter(payment -> payment.isPending() && payment.mode() == ExternalPaymentMode.DIRECT);
        Optional<PaymentProcessor> processor = processors.of(scope);
        if (pending.isEmpty() || processor.isEmpty()) {
            return ChargeOutcome.NOT_SENT;
        }
        Optional<String> paymentMethod = scope.isTest() ? Optional.empty()
                : externalPayments.chargeTrail(scope, paymentId).flatMap(ChargeTrail::paymentMethod);
        try {
            PaymentProcessor.ChargeAnswer answer = processor.get().charge(ChargeRequest.of(pending.get(), paymentMethod));
            if (answer.reference().isPresent() || answer.nextActionUrl().isPresent()) {
                // Kept for the processor's events (found by the reference) and for the partner (where the payer goes).
                transactions.inTransaction(() -> {
                    externalPayments.chargeAnswered(scope, paymentId, answer.reference(),
                            answer.decision() == PaymentProcessor.Decision.PENDING ? answer.nextActionUrl() : Optional.empty());
                    return answer;
                });
            }
            return switch (answer.decision()) {
                case APPROVED -> ChargeOutcome.APPROVED;
                case DECLINED -> ChargeOutcome.DECLINED;
                case PENDING -> ChargeOutcome.PENDING;
            };
        } catch (RuntimeException lost) {
            // A lost answer, or any other failure of the call: the charge may or may not have been made, so only
            // asking tells (never a 500 with money perhaps taken).
            LOG.log(System.Logger.Level.WARNING, "Direct payment {0}: the processor''s answer to its charge is unknown ({1})",
                    paymentId, lost.toString());
            return ChargeOutcome.UNKNOWN;
        }
    }

    @Override
    public ExternalPaymentView record(TenantScope scope, String partner, UUID paymentId, ChargeOutcome outcome) {
        Verdict verdict = switch (outcome) {
            case APPROVED -> Verdict.COMPLETE;
            case DECLINED -> Verdict.FAIL;
            case PENDING, UNKNOWN, NOT_SENT -> Verdict.LEAVE;
        };
        return transactions.inTransaction(() -> ExternalPaymentView.of(
                settle(externalPayments.lock(scope, partner, paymentId).orElseThrow(), verdict), callbacks, payments));
    }

    /**
     * A processor's event about the charge of a direct payment of the scope (whatever its partner),
     * recorded exactly as the charge's own answer is, in the caller's transaction: a payment no longer
     * pending is left as it stands, so an event that arrives before the API's answer settles the
     * payment, and the answer then finds it settled.
     *
     * @return the payment as it stands afterwards; empty when the scope has no such direct payment
     */
    @Override
    public Optional<ExternalPayment> settleFromProcessor(TenantScope scope, UUID paymentId, boolean charged) {
        return transactions.inTransaction(() -> externalPayments.findOfCompany(scope, paymentId)
                .filter(payment -> payment.mode() == ExternalPaymentMode.DIRECT)
                .flatMap(payment -> externalPayments.lock(scope, payment.partner(), paymentId))
                .map(locked -> settle(locked, charged ? Verdict.COMPLETE : Verdict.FAIL)));
    }

    @Override
    public Optional<String> nextActionUrl(TenantScope scope, UUID paymentId) {
        return externalPayments.chargeTrail(scope, paymentId).flatMap(ChargeTrail::nextActionUrl);
    }

    @Override
    public int recoverUnknownCharges(KeyEnvironment environment) {
        List<ExternalPayment> due = externalPayments.directPendingBefore(environment, clock.instant().minus(unknownAfter),
                RECOVERY_BATCH_MAX);
        for (ExternalPayment payment : due) {
            try {
                recover(processors.of(payment.scope()).orElseThrow(() -> new IllegalStateException(
                        "no processor serves the payment's company now")), payment);
            } catch (RuntimeException failure) {
                // One payment the processor or the books cannot answer for must not hold up the others: it waits its turn again.
                LOG.log(System.Logger.Level.WARNING, "Direct payment {0}: its unknown charge could not be resolved ({1})",
                        payment.id(), failure.toString());
                transactions.inTransaction(() -> {
                    externalPayments.chargeAsked(payment.scope(), payment.id(), clock.instant());
                    return payment;
                });
            }
        }
        return due.size();
    }

    private void recover(PaymentProcessor processor, ExternalPayment payment) {
        Verdict verdict = switch (processor.lookup(payment.scope(), ChargeRequest.keyOf(payment.id()))) {
            case APPROVED -> Verdict.COMPLETE;
            // Never charged: nothing was taken, and the partner may create a new payment.
            case DECLINED, NOT_FOUND -> Verdict.FAIL;
            case PENDING -> Verdict.LEAVE;
        };
        transactions.inTransaction(() -> {
            ExternalPayment locked = externalPayments.lock(payment.scope(), payment.partner(), payment.id()).orElseThrow();
            if (settle(locked, verdict).isPending()) {
                externalPayments.chargeAsked(payment.scope(), payment.id(), clock.instant());
            }
            return verdict;
        });
    }

    /**
     * Records the verdict on a locked payment still pending; one another instance moved on is left as
     * it is, but for an approval of a payment the recovery failed as never charged (the charge reached
     * the processor after it was asked): the money was taken, so the payment completes after all.
     */
    private ExternalPayment settle(ExternalPayment locked, Verdict verdict) {
        if (verdict == Verdict.COMPLETE && locked.status() == ExternalPaymentStatus.FAILED) {
            LOG.log(System.Logger.Level.WARNING, "Direct payment {0} was failed as never charged, and its charge was"
                    + " approved afterwards: it completes", locked.id());
            return completion.complete(locked, clock.instant());
        }
        if (!locked.isPending()) {
            return locked;
        }
        Instant now = clock.instant();
        return switch (verdict) {
            case COMPLETE -> completion.complete(locked, now);
            case FAIL -> failed(locked, now);
            case LEAVE -> locked;
        };
    }

    private ExternalPayment failed(ExternalPayment locked, Instant now) {
        ExternalPayment failed = locked.failed(now);
        externalPayments.update(failed);
        counts.whenCommitted(PaymentCount.rejected(PaymentFamily.EXTERNAL, PaymentRefusal.DECLINED));
        return failed;
    }
}
