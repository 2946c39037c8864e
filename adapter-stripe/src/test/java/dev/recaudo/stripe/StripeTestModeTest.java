package dev.recaudo.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.PaymentProcessor.Finding;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import io.opentelemetry.api.trace.TracerProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Against Stripe's real test mode, opt-in: {@code STRIPE_TEST_SECRET_KEY=sk_test_... ./mvnw -B test -pl adapter-stripe -am
 * -Dtest=StripeTestModeTest -Dsurefire.failIfNoSpecifiedTests=false} (online). The Search API lags up to about a
 * minute behind writes, so the lookup and the refund's search are asked until they see the charge.
 */
@EnabledIfEnvironmentVariable(named = "STRIPE_TEST_SECRET_KEY", matches = "sk_test_.+")
class StripeTestModeTest {

    final CardProcessor stripe = new StripeRail(StripeSettings.defaults(), TracerProvider.noop().get("test"))
            .connect(new CardCredentials(System.getenv("STRIPE_TEST_SECRET_KEY"), "whsec_unused"));
    final TenantScope scope = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    @Test
    void aVisaChargeIsApprovedFoundByItsKeyAndRefundedOnce() throws InterruptedException {
        UUID payment = UUID.randomUUID();
        ChargeRequest request = new ChargeRequest(scope, ChargeRequest.keyOf(payment), payment, Money.of(1_000, CurrencyCode.USD),
                Optional.of("pm_card_visa"), Optional.empty());

        PaymentProcessor.ChargeAnswer answer = stripe.charge(request);
        assertThat(answer.decision()).isEqualTo(Decision.APPROVED);
        assertThat(answer.reference()).get().asString().startsWith("pi_");
        assertThat(stripe.charge(request).reference()).isEqualTo(answer.reference());

        assertThat(eventually(() -> stripe.lookup(scope, request.processorKey()), Finding.APPROVED)).isEqualTo(Finding.APPROVED);

        String refundKey = "recaudo-refund-" + UUID.randomUUID();
        PaymentProcessor.RefundRequest refund = new PaymentProcessor.RefundRequest(scope, payment,
                Money.of(400, CurrencyCode.USD), refundKey);
        PaymentProcessor.RefundAnswer refunded = stripe.refund(refund);
        assertThat(refunded.decision()).isIn(Decision.APPROVED, Decision.PENDING);
        assertThat(stripe.refund(refund).reference()).isEqualTo(refunded.reference());
        assertThat(stripe.refundOf(scope, refundKey)).get().extracting(PaymentProcessor.RefundAnswer::reference)
                .isEqualTo(refunded.reference());
    }

    private static <T> T eventually(Supplier<T> ask, T wanted) throws InterruptedException {
        Instant until = Instant.now().plus(Duration.ofSeconds(120));
        T seen = ask.get();
        while (!seen.equals(wanted) && Instant.now().isBefore(until)) {
            Thread.sleep(5_000);
            seen = ask.get();
        }
        return seen;
    }
}
