package dev.recaudo.rest.integration;

import static dev.recaudo.rest.common.ParserFuzzing.BODIES;
import static dev.recaudo.rest.common.ParserFuzzing.KEY;
import static dev.recaudo.rest.common.ParserFuzzing.SOURCE;
import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.tree;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * The partner integrations bodies fuzzed: any bytes give a request or a 4xx problem. Seeds and found
 * inputs: src/test/resources/dev/recaudo/rest/integration/IntegrationRequestsFuzzTestInputs; see
 * docs/reliability.md to fuzz longer.
 */
class IntegrationRequestsFuzzTest {

    private static final int LINES_MAX = 500;
    private static final int DOCUMENTS_MAX = 50;

    @FuzzTest(maxDuration = "30s")
    void givenAnyCustomerUpsert_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> CustomerRequests.upsert(VALIDATION, KEY,
                BODIES.read(tree(bytes), CustomerRequests.UpsertCustomerRequest.class)));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyDocumentUpsert_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> {
            JsonNode json = tree(bytes);
            DocumentRequests.upsert(VALIDATION, KEY, BODIES.read(json, DocumentRequests.UpsertRequest.class),
                    json.get("metadata"), LINES_MAX, Instant.EPOCH);
        });
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyVerifiedPayment_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> PaymentRequests.verified(VALIDATION, KEY,
                BODIES.read(tree(bytes), PaymentRequests.VerifiedPaymentRequest.class), "req-1", DOCUMENTS_MAX));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyCertifiedRate_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> PaymentRequests.certified(VALIDATION, KEY, SOURCE, "pay-1",
                BODIES.read(tree(bytes), PaymentRequests.CertifiedRateRequest.class), "req-1", DOCUMENTS_MAX));
    }
}
