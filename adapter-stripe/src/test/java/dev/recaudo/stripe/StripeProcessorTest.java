package dev.recaudo.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.PaymentProcessor.Finding;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.application.rail.CardProcessor;
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

class StripeProcessorTest extends StripeDoubleTest {

    static final String KEY = "sk_test_company_one";
    final TenantScope scope = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    final UUID paymentId = UUID.randomUUID();
    final String chargeKey = ChargeRequest.keyOf(paymentId);

    CardProcessor processor(int readTimeoutMillis, int retries) {
        return processor(KEY, Duration.ofMillis(readTimeoutMillis), retries);
    }

    CardProcessor processor() {
        return processor(2_000, 0);
    }

    ChargeRequest charge(Optional<String> returnUrl) {
        return new ChargeRequest(scope, chargeKey, paymentId, Money.of(12_345, CurrencyCode.MXN), Optional.of("pm_card_visa"),
                returnUrl);
    }

    Map<String, String> tags() {
        return Map.of("recaudo_company_id", scope.companyId().value().toString(), "recaudo_external_payment_id",
                paymentId.toString(), "recaudo_charge_key", chargeKey);
    }

    @Test
    void aChargeIsAConfirmedPaymentIntentUnderTheCompanysKeyAndRecaudosIdempotencyKey() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_1", "succeeded", 12_345, "mxn", tags()));

        ChargeAnswer answer = processor().charge(charge(Optional.empty()));

        assertThat(answer).isEqualTo(new ChargeAnswer(Decision.APPROVED, Optional.of("pi_1"), Optional.empty()));
        LoggedRequest sent = stripe.requests("POST", "/v1/payment_intents").get(0);
        assertThat(sent.getHeader("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(sent.getHeader("Idempotency-Key")).isEqualTo(chargeKey);
        assertThat(StripeDouble.form(sent)).containsEntry("amount", "12345").containsEntry("currency", "mxn")
                .containsEntry("payment_method", "pm_card_visa").containsEntry("confirm", "true")
                .containsEntry("metadata[recaudo_company_id]", scope.companyId().value().toString())
                .containsEntry("metadata[recaudo_external_payment_id]", paymentId.toString())
                .containsEntry("metadata[recaudo_charge_key]", chargeKey)
                .containsEntry("automatic_payment_methods[enabled]", "true")
                .containsEntry("automatic_payment_methods[allow_redirects]", "never")
                .doesNotContainKey("return_url");
    }

    @Test
    void aChargeWithAReturnUrlMayRedirectAndAnswersWhereThePayerAuthenticates() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntentRequiringAction("pi_3ds", 12_345, "mxn", tags(),
                "https://hooks.stripe.com/3d_secure_2/hosted?x=1"));

        ChargeAnswer answer = processor().charge(charge(Optional.of("https://shop.example/back")));

        assertThat(answer).isEqualTo(new ChargeAnswer(Decision.PENDING, Optional.of("pi_3ds"),
                Optional.of("https://hooks.stripe.com/3d_secure_2/hosted?x=1")));
        assertThat(StripeDouble.form(stripe.requests("POST", "/v1/payment_intents").get(0)))
                .containsEntry("return_url", "https://shop.example/back").doesNotContainKey("automatic_payment_methods[enabled]");
    }

    @Test
    void aProcessingChargeIsPending() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_p", "processing", 12_345, "mxn", tags()));

        assertThat(processor().charge(charge(Optional.empty())))
                .isEqualTo(new ChargeAnswer(Decision.PENDING, Optional.of("pi_p"), Optional.empty()));
    }

    @Test
    void aCardDeclineIsADeclinedChargeNamingTheIntentStripeMade() {
        stripe.paymentIntentDeclined(StripeDouble.paymentIntent("pi_no", "requires_payment_method", 12_345, "mxn", tags()));

        assertThat(processor().charge(charge(Optional.empty())))
                .isEqualTo(new ChargeAnswer(Decision.DECLINED, Optional.of("pi_no"), Optional.empty()));
    }

    @Test
    void aChargeWithoutPaymentMethodIsRefusedBeforeAnyCall() {
        ChargeRequest none = new ChargeRequest(scope, chargeKey, paymentId, Money.of(100, CurrencyCode.USD), Optional.empty(),
                Optional.empty());

        assertThatThrownBy(() -> processor().charge(none)).isInstanceOf(IllegalArgumentException.class);
        assertThat(stripe.server().getAllServeEvents()).isEmpty();
    }

    @Test
    void anAnswerThatArrivesTooLateIsLostAndTheLookupFindsTheChargeApproved() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_late", "succeeded", 12_345, "mxn", tags()), 1_500);
        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_late", "succeeded", 12_345, "mxn", tags())));
        CardProcessor processor = processor(400, 0);

        assertThatThrownBy(() -> processor.charge(charge(Optional.empty()))).isInstanceOf(PaymentProcessor.AnswerLost.class);
        assertThat(processor.lookup(scope, chargeKey)).isEqualTo(Finding.APPROVED);
        LoggedRequest search = stripe.requests("GET", "/v1/payment_intents/search").get(0);
        assertThat(search.queryParameter("query").firstValue()).isEqualTo("metadata['recaudo_charge_key']:'" + chargeKey + "'");
    }

    @Test
    void aServerErrorIsARefusalOfUnknownOutcomeNotADecline() {
        stripe.fails("POST", "/v1/payment_intents", 500, "api_error", null);

        assertThatThrownBy(() -> processor().charge(charge(Optional.empty()))).isInstanceOf(StripeRefused.class)
                .isNotInstanceOf(PaymentProcessor.AnswerLost.class)
                .satisfies(e -> assertThat(((StripeRefused) e).status()).isEqualTo(500));
    }

    @Test
    void aRateLimitIsARefusalToo() {
        stripe.fails("POST", "/v1/payment_intents", 429, "invalid_request_error", "rate_limit");

        assertThatThrownBy(() -> processor().charge(charge(Optional.empty()))).isInstanceOf(StripeRefused.class)
                .satisfies(e -> assertThat(((StripeRefused) e).code()).isEqualTo("rate_limit"));
    }

    @Test
    void aRetriedChargeCarriesTheSameIdempotencyKey() {
        stripe.server().stubFor(WireMock.post(WireMock.urlPathEqualTo("/v1/payment_intents")).inScenario("retry")
                .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("second")
                .willReturn(WireMock.aResponse().withStatus(503).withHeader("Content-Type", "application/json")
                        .withBody(StripeJson.write(StripeDouble.error("api_error", null, "unavailable", null)))));
        stripe.server().stubFor(WireMock.post(WireMock.urlPathEqualTo("/v1/payment_intents")).inScenario("retry")
                .whenScenarioStateIs("second").willReturn(WireMock.aResponse().withStatus(200)
                        .withHeader("Content-Type", "application/json")
                        .withBody(StripeJson.write(StripeDouble.paymentIntent("pi_r", "succeeded", 12_345, "mxn", tags())))));

        assertThat(processor(2_000, 1).charge(charge(Optional.empty())).decision()).isEqualTo(Decision.APPROVED);
        assertThat(stripe.requests("POST", "/v1/payment_intents")).hasSize(2)
                .allSatisfy(sent -> assertThat(sent.getHeader("Idempotency-Key")).isEqualTo(chargeKey));
    }

    @Test
    void aLookupMapsTheIntentsStatusAndFindsNothingWhenNoneCarriesTheKey() {
        stripe.paymentIntentsSearched(List.of());
        assertThat(processor().lookup(scope, chargeKey)).isEqualTo(Finding.NOT_FOUND);

        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_d", "requires_payment_method", 1, "mxn", tags())));
        assertThat(processor().lookup(scope, chargeKey)).isEqualTo(Finding.DECLINED);

        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_a", "requires_action", 1, "mxn", tags())));
        assertThat(processor().lookup(scope, chargeKey)).isEqualTo(Finding.PENDING);

        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_c", "canceled", 1, "mxn", tags())));
        assertThat(processor().lookup(scope, chargeKey)).isEqualTo(Finding.DECLINED);
    }

    @Test
    void aRefundFindsTheChargeOfThePaymentAndRefundsItOncePerKey() {
        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_1", "succeeded", 12_345, "mxn", tags())));
        stripe.refundCreated(StripeDouble.refund("re_1", "pi_1", "succeeded", 2_000, "mxn", Map.of("recaudo_refund_key", "rk-1")));

        PaymentProcessor.RefundAnswer answer = processor().refund(new RefundRequest(scope, paymentId,
                Money.of(2_000, CurrencyCode.MXN), "rk-1"));

        assertThat(answer).isEqualTo(new PaymentProcessor.RefundAnswer(Decision.APPROVED, Optional.of("re_1")));
        assertThat(stripe.requests("GET", "/v1/payment_intents/search").get(0).queryParameter("query").firstValue())
                .isEqualTo("metadata['recaudo_external_payment_id']:'" + paymentId + "' AND status:'succeeded'");
        LoggedRequest sent = stripe.requests("POST", "/v1/refunds").get(0);
        assertThat(sent.getHeader("Idempotency-Key")).isEqualTo("rk-1");
        assertThat(StripeDouble.form(sent)).containsEntry("payment_intent", "pi_1").containsEntry("amount", "2000")
                .containsEntry("metadata[recaudo_refund_key]", "rk-1")
                .containsEntry("metadata[recaudo_external_payment_id]", paymentId.toString());
    }

    @Test
    void aPendingRefundIsPendingAndARefundOfAPaymentStripeDoesNotKnowIsRefused() {
        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent("pi_1", "succeeded", 12_345, "mxn", tags())));
        stripe.refundCreated(StripeDouble.refund("re_2", "pi_1", "pending", 2_000, "mxn", Map.of()));
        RefundRequest request = new RefundRequest(scope, paymentId, Money.of(2_000, CurrencyCode.MXN), "rk-2");

        assertThat(processor().refund(request).decision()).isEqualTo(Decision.PENDING);

        stripe.paymentIntentsSearched(List.of());
        assertThatThrownBy(() -> processor().refund(request)).isInstanceOf(StripeRefused.class);
    }

    @Test
    void aRefundIsFoundBackByItsKeyInItsMetadata() {
        stripe.refundsListed(List.of(
                StripeDouble.refund("re_other", "pi_9", "succeeded", 1, "mxn", Map.of("recaudo_refund_key", "rk-other")),
                StripeDouble.refund("re_mine", "pi_1", "failed", 2_000, "mxn", Map.of("recaudo_refund_key", "rk-mine"))));

        assertThat(processor().refundOf(scope, "rk-mine"))
                .contains(new PaymentProcessor.RefundAnswer(Decision.DECLINED, Optional.of("re_mine")));
        assertThat(processor().refundOf(scope, "rk-never")).isEmpty();
    }
}
