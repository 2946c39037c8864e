package dev.recaudo.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StripeSessionsAndPayoutsTest extends StripeDoubleTest {

    final TenantScope scope = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    final UUID checkout = UUID.randomUUID();
    final UUID payment = UUID.randomUUID();
    final Map<String, String> tags = Map.of("recaudo_company_id", scope.companyId().value().toString(),
            "recaudo_external_payment_id", payment.toString(), "recaudo_checkout_id", checkout.toString());

    CardProcessor processor() {
        return processor("sk_test_sessions", Duration.ofSeconds(2), 0);
    }

    @Test
    void aSessionIsOneLineForTheAmountTaggedOnTheSessionAndItsCharge() {
        stripe.sessionCreated(StripeDouble.session("cs_1", "open", "unpaid", 25_000, "usd", null, tags));

        HostedSession session = processor().openSession(new HostedSession.Request(scope, checkout, Optional.of(payment),
                Money.of(25_000, CurrencyCode.USD), "Invoice F-1", "https://shop.example/ok", "https://shop.example/no",
                "recaudo-session-" + checkout + "-1"));

        assertThat(session).isEqualTo(new HostedSession("cs_1", "https://checkout.stripe.com/c/pay/cs_1", HostedSession.State.OPEN,
                false, Optional.empty()));
        LoggedRequest sent = stripe.requests("POST", "/v1/checkout/sessions").get(0);
        assertThat(sent.getHeader("Idempotency-Key")).isEqualTo("recaudo-session-" + checkout + "-1");
        assertThat(sent.getHeader("Authorization")).isEqualTo("Bearer sk_test_sessions");
        String company = scope.companyId().value().toString();
        assertThat(StripeDouble.form(sent)).containsEntry("mode", "payment")
                .containsEntry("line_items[0][quantity]", "1")
                .containsEntry("line_items[0][price_data][currency]", "usd")
                .containsEntry("line_items[0][price_data][unit_amount]", "25000")
                .containsEntry("line_items[0][price_data][product_data][name]", "Invoice F-1")
                .containsEntry("success_url", "https://shop.example/ok").containsEntry("cancel_url", "https://shop.example/no")
                .containsEntry("client_reference_id", checkout.toString())
                .containsEntry("metadata[recaudo_company_id]", company)
                .containsEntry("metadata[recaudo_checkout_id]", checkout.toString())
                .containsEntry("metadata[recaudo_external_payment_id]", payment.toString())
                .containsEntry("payment_intent_data[metadata][recaudo_company_id]", company)
                .containsEntry("payment_intent_data[metadata][recaudo_checkout_id]", checkout.toString());
    }

    @Test
    void aSessionIsReadAsStripeHoldsIt() {
        stripe.sessionRetrieved(StripeDouble.session("cs_2", "complete", "paid", 25_000, "usd", "pi_2", tags));

        assertThat(processor().session("cs_2"))
                .isEqualTo(new HostedSession("cs_2", "", HostedSession.State.COMPLETE, true, Optional.of("pi_2")));
    }

    @Test
    void expiringAnOpenSessionAnswersItExpired() {
        stripe.sessionExpired(StripeDouble.session("cs_3", "expired", "unpaid", 25_000, "usd", null, tags));

        assertThat(processor().expireSession("cs_3").state()).isEqualTo(HostedSession.State.EXPIRED);
    }

    @Test
    void expiringASessionThePayerCompletedMeanwhileAnswersItComplete() {
        stripe.sessionNotExpirable("cs_4");
        stripe.sessionRetrieved(StripeDouble.session("cs_4", "complete", "paid", 25_000, "usd", "pi_4", tags));

        assertThat(processor().expireSession("cs_4"))
                .isEqualTo(new HostedSession("cs_4", "", HostedSession.State.COMPLETE, true, Optional.of("pi_4")));
    }

    @Test
    void aPayoutReportsItsChargesRefundsAndDisputesOverEveryPageAndAddsUp() {
        Map<String, Object> charge = StripeDouble.charge("ch_1", "pi_1", 10_000, "mxn", tags, 0);
        Map<String, Object> refund = StripeDouble.refund("re_1", "pi_1", "succeeded", 2_000, "mxn", Map.of("recaudo_refund_key", "rk"));
        stripe.payoutRetrieved(StripeDouble.payout("po_1", "paid", 4_310, "mxn"));
        stripe.balanceTransactionsListed("po_1",
                List.of(StripeDouble.balanceTransaction("txn_1", "charge", "charge", 10_000, 390, "mxn", charge),
                        StripeDouble.balanceTransaction("txn_2", "refund", "refund", -2_000, 0, "mxn", refund)),
                List.of(StripeDouble.balanceTransaction("txn_3", "adjustment", "dispute", -3_000, 1_500, "mxn",
                                StripeDouble.dispute("dp_1", "pi_9", "needs_response", 3_000, "mxn")),
                        StripeDouble.balanceTransaction("txn_4", "payout", "payout", -4_310, 0, "mxn", "po_1")));

        PayoutReport report = processor().payout("po_1");

        assertThat(report.payoutId()).isEqualTo("po_1");
        assertThat(report.currency()).isEqualTo(CurrencyCode.MXN);
        assertThat(report.paid()).isTrue();
        assertThat(report.lines()).containsExactly(
                new PayoutReport.Line(PayoutReport.Kind.CHARGE, Optional.of("pi_1"), 10_000, 390, 9_610,
                        new ProcessorEvent.Tags(Optional.of(scope.companyId().value().toString()), Optional.of(payment),
                                Optional.of(checkout))),
                new PayoutReport.Line(PayoutReport.Kind.REFUND, Optional.of("pi_1"), -2_000, 0, -2_000, ProcessorEvent.Tags.NONE),
                new PayoutReport.Line(PayoutReport.Kind.DISPUTE, Optional.of("pi_9"), -3_000, 1_500, -4_500, ProcessorEvent.Tags.NONE));
        assertThat(report.addsUp()).isFalse();
        List<LoggedRequest> pages = stripe.requests("GET", "/v1/balance_transactions");
        assertThat(pages).hasSize(2);
        assertThat(java.net.URLDecoder.decode(pages.get(0).getUrl(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("payout=po_1").contains("expand[0]=data.source");
    }

    @Test
    void aPayoutWhoseLinesAddUpSaysSo() {
        Map<String, Object> charge = StripeDouble.charge("ch_1", "pi_1", 10_000, "mxn", tags, 0);
        stripe.payoutRetrieved(StripeDouble.payout("po_2", "paid", 9_610, "mxn"));
        stripe.balanceTransactionsListed("po_2",
                List.of(StripeDouble.balanceTransaction("txn_1", "charge", "charge", 10_000, 390, "mxn", charge),
                        StripeDouble.balanceTransaction("txn_9", "payout", "payout", -9_610, 0, "mxn", "po_2")),
                List.of());

        PayoutReport report = processor().payout("po_2");

        assertThat(report.lines()).hasSize(1);
        assertThat(report.addsUp()).isTrue();
    }
}
