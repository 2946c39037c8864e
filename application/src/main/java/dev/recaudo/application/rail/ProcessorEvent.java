package dev.recaudo.application.rail;

import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An event a card processor posted, verified and read by its {@link CardRail}. Recaudo acts on it at
 * most once per {@link #eventId()}, and only for objects of the company whose secret signed it.
 */
public sealed interface ProcessorEvent {

    /** The processor's id of the event: the key of its deduplication. */
    String eventId();

    /**
     * What Recaudo wrote into the object's metadata when it asked for it: the company, and the hosted
     * checkout or the external payment the money is for. Empty for an object Recaudo did not make.
     */
    record Tags(Optional<String> companyId, Optional<UUID> externalPaymentId, Optional<UUID> checkoutId) {

        public static final Tags NONE = new Tags(Optional.empty(), Optional.empty(), Optional.empty());

        public Tags {
            Objects.requireNonNull(companyId, "companyId");
            Objects.requireNonNull(externalPaymentId, "externalPaymentId");
            Objects.requireNonNull(checkoutId, "checkoutId");
        }
    }

    /** A charge succeeded (Stripe: {@code payment_intent.succeeded}). */
    record ChargeSucceeded(String eventId, String chargeReference, Money amount, Tags tags) implements ProcessorEvent {}

    /** A charge failed for good (Stripe: {@code payment_intent.payment_failed}, {@code payment_intent.canceled}). */
    record ChargeFailed(String eventId, String chargeReference, Tags tags) implements ProcessorEvent {}

    /** The payer finished a hosted session (Stripe: {@code checkout.session.completed}, {@code ...async_payment_succeeded}). */
    record SessionCompleted(String eventId, String sessionId, boolean paid, Optional<String> chargeReference, Money amount,
            Tags tags) implements ProcessorEvent {}

    /** A hosted session expired without taking money (Stripe: {@code checkout.session.expired}). */
    record SessionExpired(String eventId, String sessionId, Tags tags) implements ProcessorEvent {}

    /** Money of a charge went back to the payer (Stripe: {@code charge.refunded}, {@code refund.updated}). */
    record Refunded(String eventId, String chargeReference, String refundReference, Money amount, boolean succeeded,
            Optional<String> idempotencyKey, Tags tags) implements ProcessorEvent {}

    /** The payer's bank disputed a charge; {@code lost} once the dispute closed against the merchant. */
    record Disputed(String eventId, String chargeReference, String disputeReference, Money amount, DisputeState state)
            implements ProcessorEvent {}

    /** The processor paid money out to the company's bank account (Stripe: {@code payout.paid}). */
    record PayoutPaid(String eventId, String payoutId, Money amount) implements ProcessorEvent {}

    /** Any other event: acknowledged, and nothing done. */
    record Other(String eventId, String type) implements ProcessorEvent {}

    enum DisputeState {
        OPEN,
        WON,
        LOST
    }
}
