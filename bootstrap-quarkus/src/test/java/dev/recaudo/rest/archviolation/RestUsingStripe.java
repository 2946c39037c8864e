package dev.recaudo.rest.archviolation;

import com.stripe.model.PaymentIntent;

/** A deliberate violation: a class outside adapter-stripe that sees a Stripe SDK type. Never used. */
public final class RestUsingStripe {

    private RestUsingStripe() {}

    public static String reference(PaymentIntent intent) {
        return intent.getId();
    }
}
