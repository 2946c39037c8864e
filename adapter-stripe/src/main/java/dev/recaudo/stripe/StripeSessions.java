package dev.recaudo.stripe;

import com.stripe.StripeClient;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.param.checkout.SessionCreateParams;
import dev.recaudo.application.rail.HostedSession;
import java.util.Map;
import java.util.Optional;

/** Checkout Sessions: Stripe's hosted payment page, one line item for the amount Recaudo asks. */
final class StripeSessions {

    private StripeSessions() {}

    static HostedSession open(StripeClient client, HostedSession.Request request) {
        Map<String, String> tags = StripeTags.of(request.scope(), request.externalPaymentId(), Optional.of(request.checkoutId()));
        SessionCreateParams params = SessionCreateParams.builder()
                .setMode(SessionCreateParams.Mode.PAYMENT)
                .addLineItem(SessionCreateParams.LineItem.builder()
                        .setQuantity(1L)
                        .setPriceData(SessionCreateParams.LineItem.PriceData.builder()
                                .setCurrency(StripeTags.wire(request.amount().currency()))
                                .setUnitAmount(request.amount().amountMinor())
                                .setProductData(SessionCreateParams.LineItem.PriceData.ProductData.builder()
                                        .setName(request.description())
                                        .build())
                                .build())
                        .build())
                .setSuccessUrl(request.successUrl())
                .setCancelUrl(request.cancelUrl())
                .setClientReferenceId(request.checkoutId().toString())
                .putAllMetadata(tags)
                .setPaymentIntentData(SessionCreateParams.PaymentIntentData.builder().putAllMetadata(tags).build())
                .build();
        RequestOptions options = RequestOptions.builder().setIdempotencyKey(request.idempotencyKey()).build();
        return of(StripeCalls.call("a session", () -> client.v1().checkout().sessions().create(params, options)));
    }

    static HostedSession of(Session session) {
        HostedSession.State state = switch (session.getStatus() == null ? "" : session.getStatus()) {
            case "complete" -> HostedSession.State.COMPLETE;
            case "expired" -> HostedSession.State.EXPIRED;
            default -> HostedSession.State.OPEN;
        };
        // Stripe keeps the page's url only while the session is open.
        return new HostedSession(session.getId(), session.getUrl() == null ? "" : session.getUrl(), state,
                "paid".equals(session.getPaymentStatus()), Optional.ofNullable(session.getPaymentIntent()));
    }
}
