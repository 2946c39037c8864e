package dev.recaudo.application.rail;

import dev.recaudo.application.externalpayment.DirectChargeUseCase;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentRepository;
import java.util.Optional;
import java.util.UUID;

/**
 * What each verified processor event does, in the transaction that records it, through the path the
 * API itself takes: a direct payment's charge settles as its own answer would
 * ({@link DirectChargeUseCase#settleFromProcessor}); a refund Recaudo asked for resolves as its
 * recovery would; money returned without Recaudo asking (a refund at the processor's dashboard, a
 * dispute lost) is recorded as the sandbox's chargeback is, of the external payment or of the ledger payment
 * (an invoice's checkout paid by card) the charge paid; sessions and payouts go to their ports.
 * An open or won dispute is logged only: no money moved.
 */
public final class ProcessorEffects {

    /** The prefix of the processor key of a refund Recaudo asked for ({@code Refund.processorKey()}). */
    static final String REFUND_KEY_PREFIX = "refund:";

    /** How a ledger payment of an external payment names it: {@code external:<id>}. */
    private static final String EXTERNAL_PREFIX = PaymentKind.EXTERNAL.externalPaymentIdOf(new UUID(0, 0)).replace(
            new UUID(0, 0).toString(), "");

    private static final System.Logger LOG = System.getLogger(ProcessorEffects.class.getName());

    private final DirectChargeUseCase charges;
    private final MoneyReturnedUseCase returned;
    private final ExternalPaymentRepository externalPayments;
    private final SessionEvents sessions;
    private final PayoutEvents payouts;
    private final PaymentRepository ledgerPayments;

    public ProcessorEffects(DirectChargeUseCase charges, MoneyReturnedUseCase returned,
            ExternalPaymentRepository externalPayments, PaymentRepository ledgerPayments, SessionEvents sessions,
            PayoutEvents payouts) {
        this.charges = charges;
        this.returned = returned;
        this.externalPayments = externalPayments;
        this.ledgerPayments = ledgerPayments;
        this.sessions = sessions;
        this.payouts = payouts;
    }

    /**
     * What the event needs from the processor, asked before the transaction that records it opens (no
     * call to the processor ever holds a transaction): a paid payout's report.
     */
    Optional<PayoutReport> prepare(CardRails.Connected rail, ProcessorEvent event) {
        return event instanceof ProcessorEvent.PayoutPaid paid ? Optional.of(payouts.report(rail, paid)) : Optional.empty();
    }

    void apply(TenantScope scope, CardRails.Connected rail, ProcessorEvent event, Optional<PayoutReport> prepared) {
        if (event instanceof ProcessorEvent.ChargeSucceeded succeeded) {
            settle(scope, succeeded.tags(), succeeded.chargeReference(), true);
        } else if (event instanceof ProcessorEvent.ChargeFailed failed) {
            settle(scope, failed.tags(), failed.chargeReference(), false);
        } else if (event instanceof ProcessorEvent.SessionCompleted completed) {
            sessions.completed(scope.companyId(), rail, completed);
        } else if (event instanceof ProcessorEvent.SessionExpired expired) {
            sessions.expired(scope.companyId(), rail, expired);
        } else if (event instanceof ProcessorEvent.PayoutPaid paid) {
            payouts.paid(scope.companyId(), rail, prepared.orElseThrow(() -> new IllegalStateException(
                    "payout " + paid.payoutId() + " applied without its report")));
        } else if (event instanceof ProcessorEvent.Refunded refunded) {
            refunded(scope, refunded);
        } else if (event instanceof ProcessorEvent.Disputed disputed) {
            disputed(scope, disputed);
        } else {
            LOG.log(System.Logger.Level.DEBUG, "processor event {0} of type {1}: nothing to do", event.eventId(), type(event));
        }
    }

    private void settle(TenantScope scope, ProcessorEvent.Tags tags, String chargeReference, boolean charged) {
        Optional<ExternalPayment> payment = payment(scope, tags, chargeReference);
        // A hosted payment's charge is its session's: its completion comes with the session's event.
        payment.ifPresent(found -> charges.settleFromProcessor(scope, found.id(), charged));
    }

    private void refunded(TenantScope scope, ProcessorEvent.Refunded refunded) {
        Optional<UUID> asked = refunded.idempotencyKey().filter(key -> key.startsWith(REFUND_KEY_PREFIX))
                .flatMap(key -> uuid(key.substring(REFUND_KEY_PREFIX.length())));
        if (asked.isPresent()) {
            returned.resolveFromProcessor(scope, asked.get(), new PaymentProcessor.RefundAnswer(refunded.succeeded()
                    ? PaymentProcessor.Decision.APPROVED : PaymentProcessor.Decision.DECLINED, Optional.of(refunded.refundReference())));
            return;
        }
        if (refunded.succeeded()) {
            // Refunded at the processor's dashboard: exactly the refund's amount already left, once per refund id.
            returnedMoney(scope, refunded.tags(), refunded.chargeReference(), refunded.amount(), "refunded at the processor",
                    refunded.refundReference(), refunded.eventId());
        }
    }

    private void disputed(TenantScope scope, ProcessorEvent.Disputed disputed) {
        if (disputed.state() != ProcessorEvent.DisputeState.LOST) {
            LOG.log(System.Logger.Level.INFO, "dispute {0} of charge {1} is {2}: recorded, no money moved",
                    disputed.disputeReference(), disputed.chargeReference(), disputed.state());
            return;
        }
        returnedMoney(scope, ProcessorEvent.Tags.NONE, disputed.chargeReference(), disputed.amount(), "dispute lost",
                disputed.disputeReference(), disputed.eventId());
    }

    /** Money the processor already returned that nothing here booked is an operator's matter: logged as a warning. */
    private static void logged(String eventId, MoneyReturnedUseCase.ChargebackResult result) {
        if (result instanceof MoneyReturnedUseCase.ChargebackResult.NothingToReturn nothing) {
            LOG.log(System.Logger.Level.WARNING, "processor event {0}: money returned, nothing booked: {1}", eventId,
                    nothing.detail());
        }
    }

    private Optional<ExternalPayment> payment(TenantScope scope, ProcessorEvent.Tags tags, String chargeReference) {
        return tags.externalPaymentId().flatMap(id -> externalPayments.findOfCompany(scope, id))
                .or(() -> externalPayments.findByChargeReference(scope, chargeReference));
    }

    /**
     * Books money the processor already returned: of the external payment the charge completed, else of
     * the ledger payment it paid directly (an invoice's checkout paid on the card page), once per
     * {@code returnReference}; a charge Recaudo does not know is logged.
     */
    private void returnedMoney(TenantScope scope, ProcessorEvent.Tags tags, String chargeReference, Money amount,
            String reason, String returnReference, String eventId) {
        Optional<Payment> ledgerPayment = ledgerPayments.findByProviderReference(scope, chargeReference);
        Optional<ExternalPayment> external = payment(scope, tags, chargeReference).or(() -> ledgerPayment
                .filter(paid -> paid.kind() == PaymentKind.EXTERNAL)
                .flatMap(paid -> uuid(paid.externalPaymentId().substring(EXTERNAL_PREFIX.length())))
                .flatMap(id -> externalPayments.findOfCompany(scope, id)));
        if (external.isPresent()) {
            logged(eventId, returned.returned(scope, external.get().partner(), external.get().id(), amount,
                    Optional.of(reason), returnReference));
        } else if (ledgerPayment.isPresent()) {
            logged(eventId, returned.returnedOfPayment(scope, ledgerPayment.get().id(), amount, Optional.of(reason),
                    returnReference));
        } else {
            LOG.log(System.Logger.Level.WARNING, "processor event {0}: money of charge {1} went back, no payment of it here",
                    eventId, chargeReference);
        }
    }

    /** The Recaudo metadata of the event's object, for the events that carry it. */
    static Optional<ProcessorEvent.Tags> tags(ProcessorEvent event) {
        if (event instanceof ProcessorEvent.ChargeSucceeded succeeded) {
            return Optional.of(succeeded.tags());
        }
        if (event instanceof ProcessorEvent.ChargeFailed failed) {
            return Optional.of(failed.tags());
        }
        if (event instanceof ProcessorEvent.SessionCompleted completed) {
            return Optional.of(completed.tags());
        }
        if (event instanceof ProcessorEvent.SessionExpired expired) {
            return Optional.of(expired.tags());
        }
        return event instanceof ProcessorEvent.Refunded refunded ? Optional.of(refunded.tags()) : Optional.empty();
    }

    static String type(ProcessorEvent event) {
        String type = event instanceof ProcessorEvent.Other other ? other.type() : event.getClass().getSimpleName();
        return type.length() <= 64 ? type : type.substring(0, 64);
    }

    private static Optional<UUID> uuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }
}
