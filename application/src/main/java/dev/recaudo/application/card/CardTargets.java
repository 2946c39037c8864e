package dev.recaudo.application.card;

import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase.CheckoutPayment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a card session pays, and the one completion path that pays it: an invoice's checkout (the
 * checkout payment) or a hosted external payment (its completion). The page's id may be an invoice's
 * checkout whose invoice a hosted external payment collects (issue 22's one payable page): the session
 * then belongs to that payment's checkout, whichever of the two links the payer opened.
 */
public final class CardTargets {

    /**
     * @param checkoutId the checkout the sessions belong to: an invoice's checkout, or a hosted payment's checkoutId
     * @param amount the open amount a session must ask for
     */
    public record Target(TenantScope scope, UUID checkoutId, Optional<UUID> externalPaymentId, Money amount,
            String description, boolean pending) {

        public Target {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(checkoutId, "checkoutId");
            Objects.requireNonNull(externalPaymentId, "externalPaymentId");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(description, "description");
        }
    }

    /** What a session's money did. */
    public enum Applied {
        PAID,
        /** Paid before by this session: nothing more. */
        ALREADY_PAID,
        /** The checkout no longer took it: the customer's credit. */
        CREDITED,
        /**
         * Nothing could take it: left for an operator, logged. A hosted payment that is canceled or failed
         * completes after all (its money applied, or credited by the closed-route rule), so this is only a
         * session whose hosted payment is gone or of another scope.
         */
        UNTAKEN
    }

    private final CheckoutRepository checkouts;
    private final ExternalPaymentRepository externalPayments;
    private final CheckoutPaymentUseCase checkoutPayments;
    private final CompleteExternalPaymentUseCase hostedPayments;

    public CardTargets(CheckoutRepository checkouts, ExternalPaymentRepository externalPayments,
            CheckoutPaymentUseCase checkoutPayments, CompleteExternalPaymentUseCase hostedPayments) {
        this.checkouts = checkouts;
        this.externalPayments = externalPayments;
        this.checkoutPayments = checkoutPayments;
        this.hostedPayments = hostedPayments;
    }

    /** The target behind a page's id; empty for an unknown id. */
    public Optional<Target> of(UUID pageId) {
        Optional<ExternalPayment> hosted = externalPayments.findByCheckout(pageId);
        if (hosted.isPresent()) {
            return hosted.map(CardTargets::target);
        }
        return checkouts.findForPayer(pageId).map(checkout -> collectingPayment(checkout).map(CardTargets::target)
                .orElseGet(() -> target(checkout)));
    }

    private Optional<ExternalPayment> collectingPayment(Checkout checkout) {
        return checkouts.current(checkout.scope(), checkout.documentId())
                .filter(current -> current.id().equals(checkout.id()))
                .flatMap(current -> externalPayments.pendingHostedFor(checkout.scope(), checkout.documentId()));
    }

    private static Target target(ExternalPayment payment) {
        return new Target(payment.scope(), payment.checkoutId().orElseThrow(), Optional.of(payment.id()), payment.amount(),
                payment.description().or(payment::externalReference).orElse("Pago"), payment.isPending());
    }

    private static Target target(Checkout checkout) {
        return new Target(checkout.scope(), checkout.id(), Optional.empty(), checkout.amount(), checkout.title(),
                checkout.isPending());
    }

    /** Pays the session's checkout with the money it took, in the caller's transaction. */
    Applied pay(CardSession session, Money amount, String chargeReference) {
        Optional<ExternalPayment> hosted = externalPayments.findByCheckout(session.checkoutId())
                .filter(payment -> payment.scope().equals(session.scope()));
        if (hosted.isPresent()) {
            Completion done = hostedPayments.completeHosted(session.scope(), session.checkoutId(), chargeReference);
            if (done instanceof Completion.Completed) {
                return Applied.PAID;
            }
            return done instanceof Completion.AlreadyCompleted ? Applied.ALREADY_PAID : Applied.UNTAKEN;
        }
        CheckoutPayment paid = checkoutPayments.taken(session.scope(), session.checkoutId(), amount, chargeReference);
        if (paid instanceof CheckoutPayment.Paid) {
            return Applied.PAID;
        }
        return paid instanceof CheckoutPayment.Credited ? Applied.CREDITED : Applied.UNTAKEN;
    }
}
