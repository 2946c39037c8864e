package dev.recaudo.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Event;
import com.stripe.net.Webhook;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.money.CurrencyCode;
import io.opentelemetry.api.trace.Tracer;
import java.util.Objects;
import java.util.Set;

/**
 * Stripe as a card rail. It serves merchants in Mexico and the United States, settling in MXN and
 * USD: Stripe has no accounts for merchants in Venezuela, Colombia or Costa Rica
 * (https://stripe.com/global, docs/decisions.md "Stripe adapter").
 */
public final class StripeRail implements CardRail {

    /** Stripe's own tolerance of an event's signed time, in seconds. */
    public static final long TOLERANCE_SECONDS = 300;

    private final StripeSettings settings;
    private final Tracer tracer;

    /** {@code tracer} begins the span of each request to Stripe (a no-op one while tracing is off). */
    public StripeRail(StripeSettings settings, Tracer tracer) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.tracer = Objects.requireNonNull(tracer, "tracer");
    }

    @Override
    public String name() {
        return "stripe";
    }

    @Override
    public Set<CurrencyCode> currencies() {
        return Set.of(CurrencyCode.MXN, CurrencyCode.USD);
    }

    @Override
    public Set<String> countries() {
        return Set.of("MX", "US");
    }

    /** A client of its own per company key: nothing global (no {@code Stripe.apiKey}) is set. */
    @Override
    public CardProcessor connect(CardCredentials credentials) {
        StripeClient client = StripeClient.builder()
                .setApiKey(credentials.secretKey())
                .setApiBase(settings.apiBase())
                .setConnectTimeout(Math.toIntExact(settings.connectTimeout().toMillis()))
                .setReadTimeout(Math.toIntExact(settings.readTimeout().toMillis()))
                .setMaxNetworkRetries(settings.maxNetworkRetries())
                .setHttpClient(new TracedStripeHttp(tracer))
                .build();
        return new StripeProcessor(client);
    }

    @Override
    public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
        if (payload == null || signatureHeader == null || signatureHeader.isBlank() || webhookSecret == null) {
            throw new ForgedEvent("no Stripe-Signature");
        }
        Event event;
        try {
            event = Webhook.constructEvent(payload, signatureHeader, webhookSecret, TOLERANCE_SECONDS);
        } catch (SignatureVerificationException forged) {
            throw new ForgedEvent(forged.getMessage());
        } catch (RuntimeException unreadable) {
            throw new ForgedEvent("not a Stripe event");
        }
        if (event == null || event.getId() == null || event.getType() == null) {
            throw new ForgedEvent("not a Stripe event");
        }
        if (!Boolean.TRUE.equals(event.getLivemode())) {
            // A card rail collects live money only: a test-mode event (a test key's endpoint, or the
            // dashboard's test data) must never complete, refund or pay out anything here.
            throw new ForgedEvent("a test-mode event (livemode false) for a live rail");
        }
        return StripeEvents.read(event);
    }
}
