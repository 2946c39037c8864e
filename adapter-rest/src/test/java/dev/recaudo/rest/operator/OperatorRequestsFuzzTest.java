package dev.recaudo.rest.operator;

import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.bound;
import static dev.recaudo.rest.common.ParserFuzzing.object;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recaudo.domain.company.CompanyId;

/**
 * The operator bodies fuzzed: any bytes give a request or a 4xx problem. Seeds and found inputs:
 * src/test/resources/dev/recaudo/rest/operator/OperatorRequestsFuzzTestInputs.
 */
class OperatorRequestsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void givenAnyCompanyCreation_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> OperatorRequests.onboarding(VALIDATION,
                bound(bytes, OperatorRequests.CreateCompanyRequest.class)));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyCompanyUpdate_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> OperatorRequests.update(CompanyId.random(), object(bytes)));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyOriginRegistration_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> OperatorRequests.origin(VALIDATION,
                bound(bytes, OperatorRequests.RegisterOriginRequest.class)));
    }
}
