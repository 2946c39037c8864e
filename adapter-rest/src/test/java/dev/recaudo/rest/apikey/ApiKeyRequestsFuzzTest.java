package dev.recaudo.rest.apikey;

import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.bound;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recaudo.rest.common.RestSettings;

/**
 * The API key creation body fuzzed: any bytes give a request or a 4xx problem. Seeds and found
 * inputs: src/test/resources/dev/recaudo/rest/apikey/ApiKeyRequestsFuzzTestInputs.
 */
class ApiKeyRequestsFuzzTest {

    /** The configured limits, as a record whose accessors are the settings' methods. */
    private record Limits(int activeMax, int rpmDefault, int rpmMax) implements RestSettings.ApiKeys {}

    @FuzzTest(maxDuration = "30s")
    void givenAnyKeyCreation_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> ApiKeyRequests.spec(VALIDATION,
                bound(bytes, ApiKeyRequests.CreateKeyRequest.class), new Limits(10, 60, 600)));
    }
}
