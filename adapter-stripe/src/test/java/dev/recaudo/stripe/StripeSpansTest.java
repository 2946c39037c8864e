package dev.recaudo.stripe;

import static io.opentelemetry.semconv.ErrorAttributes.ERROR_TYPE;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_REQUEST_METHOD;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_PORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeRequest;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: each request the SDK sends to Stripe is a client span naming the operation, the status
 * and Stripe's request id; object ids, the query, the key, the card and the company stay out.
 */
class StripeSpansTest extends StripeDoubleTest {

    private static final String KEY = "sk_live_company_spans";
    private final TenantScope scope = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private final UUID paymentId = UUID.randomUUID();
    private final String chargeKey = ChargeRequest.keyOf(paymentId);

    @Test
    void givenAnApprovedCharge_whenSent_thenOneClientSpanNamesTheOperationStatusAndStripesRequestIdOnly() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_3MtwBwLkdIwHu7ix28a3tqPa", "succeeded", 12_345, "mxn",
                Map.of("recaudo_charge_key", chargeKey)));

        processor(Duration.ofSeconds(2), 0).charge(charge());

        SpanData call = SPANS.getFinishedSpanItems().get(0);
        assertThat(SPANS.getFinishedSpanItems()).hasSize(1);
        assertThat(call.getName()).isEqualTo("POST /v1/payment_intents");
        assertThat(call.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(call.getAttributes().get(HTTP_REQUEST_METHOD)).isEqualTo("POST");
        assertThat(call.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isEqualTo(200L);
        assertThat(call.getAttributes().get(TracedStripeHttp.REQUEST_ID)).isEqualTo("req_double");
        assertThat(call.getAttributes().get(SERVER_PORT)).isEqualTo((long) stripe.server().port());
        assertThat(call.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertNothingPrivate(call);
    }

    @Test
    void givenAnAnswerThatNeverArrivesAndOneNetworkRetry_whenCharged_thenEachRequestSentIsAFailedSpanAndTheLookupsQueryIsLeftOut() {
        stripe.paymentIntentCreated(StripeDouble.paymentIntent("pi_late", "succeeded", 12_345, "mxn", Map.of()), 1_500);
        stripe.paymentIntentsSearched(List.of());
        CardProcessor processor = processor(Duration.ofMillis(300), 1);

        assertThatThrownBy(() -> processor.charge(charge())).isInstanceOf(PaymentProcessor.AnswerLost.class);
        processor.lookup(scope, chargeKey);

        List<SpanData> spans = SPANS.getFinishedSpanItems();
        assertThat(spans).extracting(SpanData::getName)
                .containsExactly("POST /v1/payment_intents", "POST /v1/payment_intents", "GET /v1/payment_intents/search");
        assertThat(spans.subList(0, 2)).allSatisfy(lost -> {
            assertThat(lost.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            assertThat(lost.getAttributes().get(ERROR_TYPE)).isEqualTo("connection");
            assertThat(lost.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isNull();
        });
        assertThat(spans).allSatisfy(this::assertNothingPrivate);
    }

    @Test
    void givenARefusal_whenCharged_thenTheSpanIsAnErrorWithTheStatus() {
        stripe.fails("POST", "/v1/payment_intents", 500, "api_error", null);

        assertThatThrownBy(() -> processor(Duration.ofSeconds(2), 0).charge(charge())).isInstanceOf(StripeRefused.class);

        SpanData refused = SPANS.getFinishedSpanItems().get(0);
        assertThat(refused.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(refused.getAttributes().get(HTTP_RESPONSE_STATUS_CODE)).isEqualTo(500L);
        assertThat(refused.getAttributes().get(ERROR_TYPE)).isEqualTo("500");
    }

    @Test
    void givenPathsWithObjectIds_whenTemplated_thenEveryIdIsReplacedAndResourceNamesStay() {
        assertThat(TracedStripeHttp.template("/v1/payment_intents/pi_3MtwBwLkdIwHu7ix28a3tqPa/cancel"))
                .isEqualTo("/v1/payment_intents/{id}/cancel");
        assertThat(TracedStripeHttp.template("/v1/checkout/sessions/cs_live_a1B2c3D4/expire"))
                .isEqualTo("/v1/checkout/sessions/{id}/expire");
        assertThat(TracedStripeHttp.template("/v1/payouts/po_1OaBcD")).isEqualTo("/v1/payouts/{id}");
        assertThat(TracedStripeHttp.template("/v1/payment_intents/search")).isEqualTo("/v1/payment_intents/search");
        assertThat(TracedStripeHttp.template("/v1/balance_transactions")).isEqualTo("/v1/balance_transactions");
    }

    private CardProcessor processor(Duration readTimeout, int retries) {
        return processor(KEY, readTimeout, retries);
    }

    private ChargeRequest charge() {
        return new ChargeRequest(scope, chargeKey, paymentId, Money.of(12_345, CurrencyCode.MXN), Optional.of("pm_card_visa"),
                Optional.empty());
    }

    private void assertNothingPrivate(SpanData span) {
        String recorded = span.getName() + span.getAttributes() + span.getStatus() + span.getEvents();
        assertThat(recorded).doesNotContain(KEY).doesNotContain("pm_card_visa").doesNotContain(chargeKey)
                .doesNotContain(scope.companyId().value().toString()).doesNotContain("pi_3Mtw").doesNotContain("metadata");
    }
}
