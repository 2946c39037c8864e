package dev.recaudo.rest.externalpayment;

import static dev.recaudo.rest.common.ParserFuzzing.BODIES;
import static dev.recaudo.rest.common.ParserFuzzing.KEY;
import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.tree;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;

/**
 * The external payment bodies fuzzed: any bytes give a request or a 4xx problem. Seeds and found
 * inputs: src/test/resources/dev/recaudo/rest/externalpayment/ExternalPaymentRequestsFuzzTestInputs.
 */
class ExternalPaymentRequestsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void givenAnyPaymentCreation_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> ExternalPaymentRequests.create(VALIDATION, KEY,
                ExternalPaymentMode.DIRECT, BODIES.read(tree(bytes),
                        ExternalPaymentRequests.CreateExternalPaymentRequest.class)));
    }
}
