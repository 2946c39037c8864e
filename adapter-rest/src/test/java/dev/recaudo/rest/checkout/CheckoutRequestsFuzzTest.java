package dev.recaudo.rest.checkout;

import static dev.recaudo.rest.common.ParserFuzzing.BODIES;
import static dev.recaudo.rest.common.ParserFuzzing.KEY;
import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.tree;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The checkout helper bodies fuzzed: any bytes give a request or a 4xx problem. Seeds and found
 * inputs: src/test/resources/dev/recaudo/rest/checkout/CheckoutRequestsFuzzTestInputs.
 */
class CheckoutRequestsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void givenAnyProduct_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> CheckoutRequests.product(VALIDATION, KEY,
                BODIES.read(tree(bytes), CheckoutRequests.ProductRequest.class), 1_048_576));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyPayer_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> CheckoutRequests.payer(VALIDATION, KEY,
                BODIES.read(tree(bytes), CheckoutRequests.ResolveCustomerRequest.class)));
    }
}
