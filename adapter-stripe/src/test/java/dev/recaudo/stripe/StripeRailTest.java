package dev.recaudo.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import io.opentelemetry.api.trace.TracerProvider;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StripeRailTest {

    static final String SECRET = "whsec_test_secret";

    final StripeRail rail = new StripeRail(StripeSettings.defaults(), TracerProvider.noop().get("test"));
    final EventSigner signer = new EventSigner(SECRET);
    final UUID payment = UUID.randomUUID();
    final UUID checkout = UUID.randomUUID();
    final Map<String, String> tags = Map.of("recaudo_company_id", "company-1", "recaudo_external_payment_id",
            payment.toString(), "recaudo_checkout_id", checkout.toString());
    final ProcessorEvent.Tags read = new ProcessorEvent.Tags(Optional.of("company-1"), Optional.of(payment), Optional.of(checkout));

    ProcessorEvent verified(String type, Map<String, Object> object) {
        String payload = EventSigner.event("evt_1", type, object);
        return rail.verify(payload, signer.sign(payload), SECRET);
    }

    @Test
    void stripeServesMexicanAndAmericanMerchantsInTheirCurrencies() {
        assertThat(rail.name()).isEqualTo("stripe");
        assertThat(rail.currencies()).containsExactlyInAnyOrder(CurrencyCode.MXN, CurrencyCode.USD);
        assertThat(rail.countries()).containsExactlyInAnyOrder("MX", "US");
    }

    @Test
    void aSucceededIntentIsASucceededChargeWithItsTags() {
        assertThat(verified("payment_intent.succeeded", StripeDouble.paymentIntent("pi_1", "succeeded", 5_000, "usd", tags)))
                .isEqualTo(new ProcessorEvent.ChargeSucceeded("evt_1", "pi_1", Money.of(5_000, CurrencyCode.USD), read));
    }

    @Test
    void aFailedOrCanceledIntentIsAFailedCharge() {
        var intent = StripeDouble.paymentIntent("pi_1", "requires_payment_method", 5_000, "mxn", tags);
        assertThat(verified("payment_intent.payment_failed", intent)).isEqualTo(new ProcessorEvent.ChargeFailed("evt_1", "pi_1", read));
        assertThat(verified("payment_intent.canceled", intent)).isEqualTo(new ProcessorEvent.ChargeFailed("evt_1", "pi_1", read));
    }

    @Test
    void aCompletedSessionIsPaidOnlyWhenItsPaymentStatusIsPaid() {
        var paid = StripeDouble.session("cs_1", "complete", "paid", 7_000, "mxn", "pi_7", tags);
        var unpaid = StripeDouble.session("cs_1", "complete", "unpaid", 7_000, "mxn", null, tags);

        assertThat(verified("checkout.session.completed", paid)).isEqualTo(new ProcessorEvent.SessionCompleted("evt_1", "cs_1",
                true, Optional.of("pi_7"), Money.of(7_000, CurrencyCode.MXN), read));
        assertThat(verified("checkout.session.completed", unpaid)).isEqualTo(new ProcessorEvent.SessionCompleted("evt_1", "cs_1",
                false, Optional.empty(), Money.of(7_000, CurrencyCode.MXN), read));
        assertThat(verified("checkout.session.async_payment_succeeded", paid)).isInstanceOf(ProcessorEvent.SessionCompleted.class);
    }

    @Test
    void anExpiredSessionIsExpired() {
        assertThat(verified("checkout.session.expired", StripeDouble.session("cs_1", "expired", "unpaid", 7_000, "mxn", null, tags)))
                .isEqualTo(new ProcessorEvent.SessionExpired("evt_1", "cs_1", read));
    }

    @Test
    void aRefundEventNamesTheChargeTheRefundAndRecaudosRefundKey() {
        Map<String, String> refundTags = Map.of("recaudo_refund_key", "rk-1", "recaudo_company_id", "company-1",
                "recaudo_external_payment_id", payment.toString());
        var refund = StripeDouble.refund("re_1", "pi_1", "succeeded", 1_500, "mxn", refundTags);
        var expected = new ProcessorEvent.Refunded("evt_1", "pi_1", "re_1", Money.of(1_500, CurrencyCode.MXN), true,
                Optional.of("rk-1"), new ProcessorEvent.Tags(Optional.of("company-1"), Optional.of(payment), Optional.empty()));

        assertThat(verified("refund.created", refund)).isEqualTo(expected);
        assertThat(verified("refund.updated", refund)).isEqualTo(expected);
        var failed = StripeDouble.refund("re_2", "pi_1", "failed", 1_500, "mxn", Map.of());
        assertThat(verified("refund.updated", failed)).isEqualTo(new ProcessorEvent.Refunded("evt_1", "pi_1", "re_2",
                Money.of(1_500, CurrencyCode.MXN), false, Optional.empty(), ProcessorEvent.Tags.NONE));
    }

    @Test
    void aChargeRefundedEventIsOtherWhateverItsAmountItsRefundsComeInTheirOwnEvents() {
        // Current Stripe: the charge embeds no refunds, so this event cannot say which refund, nor whose.
        assertThat(verified("charge.refunded", StripeDouble.charge("ch_1", "pi_1", 5_000, "mxn", tags, 1_500)))
                .isEqualTo(new ProcessorEvent.Other("evt_1", "charge.refunded"));
    }

    @Test
    void aDashboardRefundIsRefundedByItsOwnIdAndAmountWithNoKey() {
        var refund = StripeDouble.refund("re_9", "pi_1", "succeeded", 700, "mxn", Map.of());

        assertThat(verified("refund.created", refund)).isEqualTo(new ProcessorEvent.Refunded("evt_1", "pi_1", "re_9",
                Money.of(700, CurrencyCode.MXN), true, Optional.empty(), ProcessorEvent.Tags.NONE));
    }

    @Test
    void aTestModeEventIsRefusedByTheLiveRailAsForged() {
        String payload = EventSigner.event("evt_1", "payment_intent.succeeded",
                StripeDouble.paymentIntent("pi_1", "succeeded", 5_000, "usd", tags), false);

        assertThatThrownBy(() -> rail.verify(payload, signer.sign(payload), SECRET))
                .isInstanceOf(CardRail.ForgedEvent.class).hasMessageContaining("livemode");
    }

    @Test
    void aDisputeIsOpenUntilClosedWonOrLost() {
        assertThat(verified("charge.dispute.created", StripeDouble.dispute("dp_1", "pi_1", "needs_response", 5_000, "mxn")))
                .isEqualTo(new ProcessorEvent.Disputed("evt_1", "pi_1", "dp_1", Money.of(5_000, CurrencyCode.MXN),
                        ProcessorEvent.DisputeState.OPEN));
        assertThat(((ProcessorEvent.Disputed) verified("charge.dispute.closed", StripeDouble.dispute("dp_1", "pi_1", "won", 5_000,
                "mxn"))).state()).isEqualTo(ProcessorEvent.DisputeState.WON);
        assertThat(((ProcessorEvent.Disputed) verified("charge.dispute.closed", StripeDouble.dispute("dp_1", "pi_1", "lost", 5_000,
                "mxn"))).state()).isEqualTo(ProcessorEvent.DisputeState.LOST);
    }

    @Test
    void aPaidPayoutIsAPayoutAndAnyOtherEventIsOther() {
        assertThat(verified("payout.paid", StripeDouble.payout("po_1", "paid", 90_000, "mxn")))
                .isEqualTo(new ProcessorEvent.PayoutPaid("evt_1", "po_1", Money.of(90_000, CurrencyCode.MXN)));
        assertThat(verified("customer.created", StripeJson.object("id", "cus_1", "object", "customer")))
                .isEqualTo(new ProcessorEvent.Other("evt_1", "customer.created"));
    }

    @Test
    void anEventAboutMoneyInACurrencyRecaudoDoesNotHoldIsOther() {
        assertThat(verified("payment_intent.succeeded", StripeDouble.paymentIntent("pi_1", "succeeded", 5_000, "eur", tags)))
                .isEqualTo(new ProcessorEvent.Other("evt_1", "payment_intent.succeeded"));
    }

    @Test
    void aSignatureUnderAnotherSecretIsForged() {
        String payload = EventSigner.event("evt_1", "payout.paid", StripeDouble.payout("po_1", "paid", 1, "mxn"));
        String header = new EventSigner("whsec_someone_else").sign(payload);

        assertThatThrownBy(() -> rail.verify(payload, header, SECRET)).isInstanceOf(CardRail.ForgedEvent.class);
    }

    @Test
    void aChangedPayloadIsForged() {
        String payload = EventSigner.event("evt_1", "payout.paid", StripeDouble.payout("po_1", "paid", 1, "mxn"));
        String header = signer.sign(payload);

        assertThatThrownBy(() -> rail.verify(payload.replace("\"amount\":1", "\"amount\":9"), header, SECRET))
                .isInstanceOf(CardRail.ForgedEvent.class);
    }

    @Test
    void aSignatureOlderThanFiveMinutesIsForgedAndOneWithinThemIsNot() {
        String payload = EventSigner.event("evt_1", "payout.paid", StripeDouble.payout("po_1", "paid", 1, "mxn"));

        assertThatThrownBy(() -> rail.verify(payload, signer.sign(payload, Instant.now().minusSeconds(400)), SECRET))
                .isInstanceOf(CardRail.ForgedEvent.class);
        assertThat(rail.verify(payload, signer.sign(payload, Instant.now().minusSeconds(200)), SECRET))
                .isInstanceOf(ProcessorEvent.PayoutPaid.class);
    }

    @Test
    void aMissingOrMalformedHeaderAndAnUnreadablePayloadAreForged() {
        String payload = EventSigner.event("evt_1", "payout.paid", StripeDouble.payout("po_1", "paid", 1, "mxn"));

        assertThatThrownBy(() -> rail.verify(payload, null, SECRET)).isInstanceOf(CardRail.ForgedEvent.class);
        assertThatThrownBy(() -> rail.verify(payload, "garbage", SECRET)).isInstanceOf(CardRail.ForgedEvent.class);
        assertThatThrownBy(() -> rail.verify("not json {", signer.sign("not json {"), SECRET))
                .isInstanceOf(CardRail.ForgedEvent.class);
        String notAnIntent = EventSigner.event("evt_1", "payment_intent.succeeded", StripeJson.object("id", "cus_1", "object", "customer"));
        assertThatThrownBy(() -> rail.verify(notAnIntent, signer.sign(notAnIntent), SECRET))
                .isInstanceOf(CardRail.ForgedEvent.class);
    }
}
