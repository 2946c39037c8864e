package dev.recaudo.rest.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.JsonSettings;
import dev.recaudo.rest.common.Refusals;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.webhook.WebhookRequests.RegisterRequest;
import jakarta.validation.Validation;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A webhook endpoint's registration body (one sentence for the URL, the event and environment names
 * read by hand) and its rotation's optional body.
 */
class WebhookRequestsTest {

    /** The service's mapper: decimals read as written, as {@link JsonSettings} makes it. */
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        new JsonSettings().customize(JSON);
    }

    private static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());

    private static String refusal(RegisterRequest body) {
        return Refusals.refusal(() -> WebhookRequests.registration(VALIDATION, body)).getMessage();
    }

    @Test
    void givenEveryFieldWrong_whenRead_thenEachInFieldOrder() {
        assertThat(refusal(new RegisterRequest(" ", List.of("invoice.exploded"), "sandbox"))).isEqualTo(
                "The request is invalid: url is required, at most 2048 characters; "
                        + "events must be a non-empty list of [customer.credit_created, external_payment.charged_back,"
                        + " external_payment.refunded, invoice.canceled, invoice.created, invoice.paid, invoice.refunded]; "
                        + "environment must be live or test");
    }

    @Test
    void givenLongUrlOrNullEvent_whenRead_thenRefusedNotFailed() {
        assertThat(refusal(new RegisterRequest("https://" + "h".repeat(2041), null, null)))
                .isEqualTo("The request is invalid: url is required, at most 2048 characters");
        assertThat(refusal(new RegisterRequest("https://hooks.example.test", Arrays.asList("invoice.paid", null), null)))
                .startsWith("The request is invalid: events must be a non-empty list of");
    }

    @Test
    void givenDefaults_whenRead_thenEveryEventLiveAndTrimmedUrl() {
        WebhookRequests.Registration all = WebhookRequests.registration(VALIDATION,
                new RegisterRequest(" https://hooks.example.test/x ", null, null));
        assertThat(all.events()).isEqualTo(WebhookEndpoint.EVENT_TYPES);
        assertThat(all.environment()).isEqualTo(KeyEnvironment.LIVE);
        assertThat(all.url()).isEqualTo("https://hooks.example.test/x");
        assertThat(WebhookRequests.registration(VALIDATION,
                new RegisterRequest("https://hooks.example.test/x", List.of("invoice.paid"), "test")).events())
                .isEqualTo(Set.of("invoice.paid"));
        assertThatThrownBy(() -> WebhookRequests.registration(VALIDATION, null)).isInstanceOf(ApiProblem.class);
    }

    @Test
    void givenNoBodyOrNoOverlap_whenRotationRead_thenTheConfiguredOverlap() {
        assertThat(WebhookRequests.overlap(null, JSON)).isEmpty();
        assertThat(WebhookRequests.overlap(" ", JSON)).isEmpty();
        assertThat(WebhookRequests.overlap("{}", JSON)).isEmpty();
        assertThat(WebhookRequests.overlap("{\"overlapSeconds\": null}", JSON)).isEmpty();
    }

    @Test
    void givenAWholeNumberOfSecondsInBounds_whenRotationRead_thenThatOverlap() {
        assertThat(WebhookRequests.overlap("{\"overlapSeconds\": 0}", JSON)).isEqualTo(Optional.of(Duration.ZERO));
        assertThat(WebhookRequests.overlap("{\"overlapSeconds\": 604800}", JSON)).isEqualTo(Optional.of(Duration.ofDays(7)));
    }

    @Test
    void givenAnOverlapOutOfBoundsOrNotAWholeNumber_whenRotationRead_thenEachRefusedUnderItsField() {
        for (String overlap : List.of("-1", "604801", "1.5", "60.0", "6e1", "\"60\"", "99999999999999999999")) {
            String body = "{\"overlapSeconds\": " + overlap + "}";
            assertThat(Refusals.refusal(() -> WebhookRequests.overlap(body, JSON)).getMessage())
                    .as(overlap).startsWith("The request is invalid: overlapSeconds must be a");
        }
        assertThat(Refusals.refusal(() -> WebhookRequests.overlap("{\"overlap\": 60}", JSON)).getMessage())
                .isEqualTo("The request is invalid: overlap is not an accepted property");
        assertThat(Refusals.refusal(() -> WebhookRequests.overlap("{\"overlapSeconds\":", JSON)).getMessage())
                .isEqualTo("The request body is not valid JSON");
        assertThatThrownBy(() -> WebhookRequests.overlap("[60]", JSON)).isInstanceOf(ApiProblem.class);
    }
}
