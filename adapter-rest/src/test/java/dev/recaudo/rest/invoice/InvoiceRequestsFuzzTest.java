package dev.recaudo.rest.invoice;

import static dev.recaudo.rest.common.ParserFuzzing.KEY;
import static dev.recaudo.rest.common.ParserFuzzing.MAPPER;
import static dev.recaudo.rest.common.ParserFuzzing.VALIDATION;
import static dev.recaudo.rest.common.ParserFuzzing.assertAnsweredWithoutServerError;
import static dev.recaudo.rest.common.ParserFuzzing.tree;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recaudo.domain.money.CurrencyCode;
import java.nio.charset.StandardCharsets;

/**
 * The public invoice bodies (JsonBody's strict reading, the major-unit amounts) fuzzed: any bytes give
 * a request or a 4xx problem. Seeds and found inputs: src/test/resources/dev/recaudo/rest/invoice/
 * InvoiceRequestsFuzzTestInputs; see docs/reliability.md to fuzz longer.
 */
class InvoiceRequestsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void givenAnyCreationBody_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body,
                bytes -> InvoiceRequests.creation(VALIDATION, KEY, CurrencyCode.USD, "fuzz-key", tree(bytes)));
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyReplacementBody_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body, bytes -> {
            InvoiceRequests.Replacement replacement = InvoiceRequests.replacement(VALIDATION, tree(bytes));
            InvoiceRequests.total(replacement.amount(), CurrencyCode.USD);
        });
    }

    @FuzzTest(maxDuration = "30s")
    void givenAnyDeletionBody_whenParsed_thenARequestOrAClientProblem(byte[] body) {
        assertAnsweredWithoutServerError(body,
                bytes -> InvoiceRequests.deletion(VALIDATION, new String(bytes, StandardCharsets.UTF_8), MAPPER));
    }
}
