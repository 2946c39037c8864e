package dev.recaudo.rest.webhook;

import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.bound;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The webhook endpoint registration body fuzzed: any bytes give a request or a 4xx problem. Seeds and
 * found inputs: src/test/resources/dev/recaudo/rest/webhook/WebhookRequestsFuzzTestInputs.
 */
class WebhookRequestsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void givenAnyEndpointRegistration_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> WebhookRequests.registration(VALIDATION,
                bound(bytes, WebhookRequests.RegisterRequest.class)));
    }
}
