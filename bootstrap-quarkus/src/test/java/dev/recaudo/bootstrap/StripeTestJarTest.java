package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.stripe.EventSigner;
import dev.recaudo.stripe.StripeDouble;
import dev.recaudo.stripe.StripeRail;
import dev.recaudo.stripe.StripeSettings;
import io.opentelemetry.api.trace.TracerProvider;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * adapter-stripe's test-jar is on this module's test class path: its {@link StripeDouble} answers the
 * adapter as Stripe would, and its {@link EventSigner} signs events the rail accepts, for the end-to-end tests.
 */
class StripeTestJarTest {

    @Test
    void theStripeDoubleAndTheEventSignerServeTheRailFromHere() {
        try (StripeDouble stripe = StripeDouble.start()) {
            UUID payment = UUID.randomUUID();
            stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_e2e", "succeeded", 500, "usd", Map.of()));
            StripeRail rail = new StripeRail(new StripeSettings(stripe.baseUrl(), Duration.ofSeconds(2), Duration.ofSeconds(2), 0),
                    TracerProvider.noop().get("test"));
            TenantScope scope = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);

            PaymentProcessor.ChargeAnswer answer = rail.connect(new CardCredentials("sk_live_e2e", "whsec_e2e"))
                    .charge(new PaymentProcessor.ChargeRequest(scope, PaymentProcessor.ChargeRequest.keyOf(payment), payment,
                            Money.of(500, CurrencyCode.USD), Optional.of("pm_card_visa"), Optional.empty()));

            assertThat(answer.reference()).contains("pi_e2e");
            String event = EventSigner.event("evt_e2e", "payout.paid", StripeDouble.payout("po_e2e", "paid", 500, "usd"));
            assertThat(rail.verify(event, new EventSigner("whsec_e2e").sign(event), "whsec_e2e"))
                    .isEqualTo(new ProcessorEvent.PayoutPaid("evt_e2e", "po_e2e", Money.of(500, CurrencyCode.USD)));
        }
    }
}
