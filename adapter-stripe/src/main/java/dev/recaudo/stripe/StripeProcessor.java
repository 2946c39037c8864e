package dev.recaudo.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.CardException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.domain.common.TenantScope;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Stripe under one company's secret key: charges are PaymentIntents confirmed at once, hosted pages
 * are Checkout Sessions. Every write carries Recaudo's key as Stripe's Idempotency-Key, and Recaudo's
 * tags as metadata; a lost charge is found by searching the metadata (Search API: eventually
 * consistent, up to about a minute behind, which the recovery allows for by asking only after minutes).
 */
final class StripeProcessor implements CardProcessor {

    /** How many of the account's newest refunds {@link #refundOf} reads to find one by its key. */
    static final int REFUNDS_SCANNED = 1000;

    private final StripeClient client;

    StripeProcessor(StripeClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public ChargeAnswer charge(ChargeRequest request) {
        String token = request.paymentMethod()
                .orElseThrow(() -> new IllegalArgumentException("a Stripe charge needs the payer's payment method"));
        Map<String, String> metadata = StripeTags.of(request.scope(), Optional.of(request.paymentId()), Optional.empty());
        metadata.put(StripeTags.CHARGE_KEY, request.processorKey());
        PaymentIntentCreateParams.Builder params = PaymentIntentCreateParams.builder()
                .setAmount(request.amount().amountMinor())
                .setCurrency(StripeTags.wire(request.amount().currency()))
                .setPaymentMethod(token)
                .setConfirm(true)
                .putAllMetadata(metadata);
        if (request.returnUrl().isPresent()) {
            params.setReturnUrl(request.returnUrl().get());
        } else {
            params.setAutomaticPaymentMethods(PaymentIntentCreateParams.AutomaticPaymentMethods.builder()
                    .setEnabled(true)
                    .setAllowRedirects(PaymentIntentCreateParams.AutomaticPaymentMethods.AllowRedirects.NEVER)
                    .build());
        }
        RequestOptions options = RequestOptions.builder().setIdempotencyKey(request.processorKey()).build();
        PaymentIntent intent;
        try {
            intent = StripeCalls.call("the charge", () -> create(params.build(), options));
        } catch (Declined declined) {
            return new ChargeAnswer(Decision.DECLINED, declined.reference, Optional.empty());
        }
        Optional<String> nextAction = Optional.ofNullable(intent.getNextAction())
                .map(PaymentIntent.NextAction::getRedirectToUrl)
                .map(PaymentIntent.NextAction.RedirectToUrl::getUrl);
        Decision decision = switch (finding(intent.getStatus())) {
            case APPROVED -> Decision.APPROVED;
            case DECLINED, NOT_FOUND -> Decision.DECLINED;
            case PENDING -> Decision.PENDING;
        };
        return new ChargeAnswer(decision, Optional.of(intent.getId()),
                decision == Decision.PENDING ? nextAction : Optional.empty());
    }

    /** A card decline (402 card_error) is an answer, not a failure: it escapes {@link StripeCalls} as {@link Declined}. */
    private PaymentIntent create(PaymentIntentCreateParams params, RequestOptions options) throws StripeException {
        try {
            return client.v1().paymentIntents().create(params, options);
        } catch (CardException declined) {
            PaymentIntent intent = declined.getStripeError() == null ? null : declined.getStripeError().getPaymentIntent();
            throw new Declined(Optional.ofNullable(intent).map(PaymentIntent::getId));
        }
    }

    private static final class Declined extends RuntimeException {
        private final Optional<String> reference;

        Declined(Optional<String> reference) {
            super("declined", null, false, false);
            this.reference = reference;
        }
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        return intentTagged(StripeTags.CHARGE_KEY, processorKey, "").map(intent -> finding(intent.getStatus()))
                .orElse(Finding.NOT_FOUND);
    }

    static Finding finding(String status) {
        return switch (status == null ? "" : status) {
            case "succeeded" -> Finding.APPROVED;
            // A confirmed intent back at requires_payment_method: its attempt failed.
            case "canceled", "requires_payment_method" -> Finding.DECLINED;
            default -> Finding.PENDING;
        };
    }

    private Optional<PaymentIntent> intentTagged(String key, String value, String andQuery) {
        PaymentIntentSearchParams params = PaymentIntentSearchParams.builder()
                .setQuery("metadata['" + key + "']:" + StripeTags.quoted(value) + andQuery)
                .setLimit(10L)
                .build();
        return StripeCalls.call("a search of charges", () -> client.v1().paymentIntents().search(params))
                .getData().stream().findFirst();
    }

    @Override
    public RefundAnswer refund(RefundRequest request) {
        String payment = request.externalPaymentId().toString();
        PaymentIntent intent = intentTagged(StripeTags.EXTERNAL_PAYMENT, payment, " AND status:'succeeded'")
                .orElseThrow(() -> new StripeRefused("the refund (no succeeded charge of " + payment + " found yet)", 404,
                        "resource_missing", null));
        Map<String, String> metadata = StripeTags.of(request.scope(), Optional.of(request.externalPaymentId()), Optional.empty());
        metadata.put(StripeTags.REFUND_KEY, request.idempotencyKey());
        RefundCreateParams params = RefundCreateParams.builder()
                .setPaymentIntent(intent.getId())
                .setAmount(request.amount().amountMinor())
                .putAllMetadata(metadata)
                .build();
        RequestOptions options = RequestOptions.builder().setIdempotencyKey(request.idempotencyKey()).build();
        return answer(StripeCalls.call("the refund", () -> client.v1().refunds().create(params, options)));
    }

    @Override
    public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
        RefundListParams params = RefundListParams.builder().setLimit(100L).build();
        return StripeCalls.call("a list of refunds", () -> {
            int read = 0;
            for (Refund refund : client.v1().refunds().list(params).autoPagingIterable()) {
                if (idempotencyKey.equals(StripeTags.value(refund.getMetadata(), StripeTags.REFUND_KEY).orElse(null))) {
                    return Optional.of(answer(refund));
                }
                if (++read >= REFUNDS_SCANNED) {
                    break;
                }
            }
            return Optional.<RefundAnswer>empty();
        });
    }

    private static RefundAnswer answer(Refund refund) {
        Decision decision = switch (refund.getStatus() == null ? "" : refund.getStatus()) {
            case "succeeded" -> Decision.APPROVED;
            case "failed", "canceled" -> Decision.DECLINED;
            default -> Decision.PENDING;
        };
        return new RefundAnswer(decision, Optional.ofNullable(refund.getId()));
    }

    @Override
    public HostedSession openSession(HostedSession.Request request) {
        return StripeSessions.open(client, request);
    }

    @Override
    public HostedSession session(String sessionId) {
        return StripeSessions.of(StripeCalls.call("a session", () -> client.v1().checkout().sessions().retrieve(sessionId)));
    }

    @Override
    public HostedSession expireSession(String sessionId) {
        Session session = StripeCalls.call("expiring a session", () -> {
                try {
                    return client.v1().checkout().sessions().expire(sessionId);
                } catch (InvalidRequestException notOpen) {
                    // Stripe expires only open sessions: one completed or expired meanwhile is answered as it stands.
                    Session now = client.v1().checkout().sessions().retrieve(sessionId);
                    if ("open".equals(now.getStatus())) {
                        throw notOpen;
                    }
                    return now;
                }
            });
        return StripeSessions.of(session);
    }

    @Override
    public PayoutReport payout(String payoutId) {
        return StripePayouts.report(client, payoutId);
    }
}
