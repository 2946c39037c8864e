package dev.recaudo.stripe;

import com.stripe.exception.EventDataObjectDeserializationException;
import com.stripe.model.Dispute;
import com.stripe.model.Event;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Payout;
import com.stripe.model.Refund;
import com.stripe.model.StripeObject;
import com.stripe.model.checkout.Session;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.ProcessorEvent;
import java.util.Optional;

/** Reads a verified Stripe event into a {@link ProcessorEvent}: nothing of Stripe's types goes further. */
final class StripeEvents {

    private StripeEvents() {}

    /** An event about money in a currency Recaudo keeps no books in is not Recaudo's: {@link ProcessorEvent.Other}. */
    static ProcessorEvent read(Event event) {
        try {
            return readHeld(event);
        } catch (StripeTags.UnheldCurrency notOurs) {
            return new ProcessorEvent.Other(event.getId(), event.getType());
        }
    }

    private static ProcessorEvent readHeld(Event event) {
        String id = event.getId();
        String type = event.getType();
        return switch (type) {
            case "payment_intent.succeeded" -> {
                PaymentIntent intent = object(event, PaymentIntent.class);
                Long received = intent.getAmountReceived() != null && intent.getAmountReceived() > 0
                        ? intent.getAmountReceived() : intent.getAmount();
                yield new ProcessorEvent.ChargeSucceeded(id, intent.getId(), StripeTags.money(received, intent.getCurrency()),
                        StripeTags.read(intent.getMetadata()));
            }
            case "payment_intent.payment_failed", "payment_intent.canceled" -> {
                PaymentIntent intent = object(event, PaymentIntent.class);
                yield new ProcessorEvent.ChargeFailed(id, intent.getId(), StripeTags.read(intent.getMetadata()));
            }
            case "checkout.session.completed", "checkout.session.async_payment_succeeded" -> {
                Session session = object(event, Session.class);
                yield new ProcessorEvent.SessionCompleted(id, session.getId(), "paid".equals(session.getPaymentStatus()),
                        Optional.ofNullable(session.getPaymentIntent()),
                        StripeTags.money(session.getAmountTotal(), session.getCurrency()), StripeTags.read(session.getMetadata()));
            }
            case "checkout.session.expired" -> {
                Session session = object(event, Session.class);
                yield new ProcessorEvent.SessionExpired(id, session.getId(), StripeTags.read(session.getMetadata()));
            }
            case "refund.created", "refund.updated" -> refunded(id, object(event, Refund.class));
            // Since API 2022-11-15 a charge no longer embeds its refunds: which refund moved, and whether
            // Recaudo asked for it, only the refund's own events say (refund.created, refund.updated).
            case "charge.refunded" -> new ProcessorEvent.Other(id, type);
            case "charge.dispute.created", "charge.dispute.closed" -> {
                Dispute dispute = object(event, Dispute.class);
                String charge = dispute.getPaymentIntent() != null ? dispute.getPaymentIntent() : dispute.getCharge();
                yield new ProcessorEvent.Disputed(id, charge, dispute.getId(),
                        StripeTags.money(dispute.getAmount(), dispute.getCurrency()), state(dispute.getStatus()));
            }
            case "payout.paid" -> {
                Payout payout = object(event, Payout.class);
                yield new ProcessorEvent.PayoutPaid(id, payout.getId(), StripeTags.money(payout.getAmount(), payout.getCurrency()));
            }
            default -> new ProcessorEvent.Other(id, type);
        };
    }

    /** A refund, keyed by its own id, with Recaudo's refund key and tags when Recaudo asked for it. */
    private static ProcessorEvent refunded(String id, Refund refund) {
        String reference = refund.getPaymentIntent() != null ? refund.getPaymentIntent() : refund.getCharge();
        return new ProcessorEvent.Refunded(id, reference, refund.getId(), StripeTags.money(refund.getAmount(), refund.getCurrency()),
                "succeeded".equals(refund.getStatus()), StripeTags.value(refund.getMetadata(), StripeTags.REFUND_KEY),
                StripeTags.read(refund.getMetadata()));
    }

    private static ProcessorEvent.DisputeState state(String status) {
        return switch (status == null ? "" : status) {
            case "won" -> ProcessorEvent.DisputeState.WON;
            case "lost" -> ProcessorEvent.DisputeState.LOST;
            default -> ProcessorEvent.DisputeState.OPEN;
        };
    }

    /**
     * The event's object, read whatever API version the account's events are rendered in (Stripe
     * renders them in the account's version, which may differ from the SDK's pinned one).
     */
    private static <T extends StripeObject> T object(Event event, Class<T> type) {
        StripeObject object;
        try {
            object = event.getDataObjectDeserializer().deserializeUnsafe();
        } catch (EventDataObjectDeserializationException | RuntimeException unreadable) {
            throw new CardRail.ForgedEvent("the event's object is not readable");
        }
        if (!type.isInstance(object)) {
            throw new CardRail.ForgedEvent("the event's object is not a " + type.getSimpleName());
        }
        return type.cast(object);
    }
}
