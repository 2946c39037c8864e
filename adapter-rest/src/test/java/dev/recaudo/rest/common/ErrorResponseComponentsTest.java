package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponses;
import static org.eclipse.microprofile.openapi.OASFactory.createOpenAPI;
import static org.eclipse.microprofile.openapi.OASFactory.createOperation;
import static org.eclipse.microprofile.openapi.OASFactory.createPathItem;
import static org.eclipse.microprofile.openapi.OASFactory.createPaths;

import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.junit.jupiter.api.Test;

/** The document's error answers come from the problem table, and only those an operation names are added. */
class ErrorResponseComponentsTest {

    @Test
    void givenOperationNamingAnErrorResponse_whenFiltered_thenItAndTheEdgesAnswersAreAddedWithTheirEnvelopeAndCodes() {
        OpenAPI document = createOpenAPI().paths(createPaths().addPathItem("/v1/invoices", createPathItem().POST(
                createOperation().responses(createAPIResponses()
                        .addAPIResponse("409", createAPIResponse().ref("PublicConflict"))))));

        new ErrorResponseComponents().filterOpenAPI(document);

        assertThat(document.getComponents().getResponses())
                .containsOnlyKeys("PublicConflict", "PublicUnprocessableEntity", "PublicInternalServerError",
                        "PublicServiceUnavailable");
        assertThat(document.getComponents().getResponses().get("PublicServiceUnavailable").getHeaders())
                .containsKey("Retry-After");
        APIResponse conflict = document.getComponents().getResponses().get("PublicConflict");
        assertThat(conflict.getDescription())
                .isEqualTo("Conflict: 10009 conflict, 10003 idempotency_error, 10010 idempotency_in_progress.");
        assertThat(conflict.getContent().getMediaType("application/json").getSchema().getRef())
                .isEqualTo("#/components/schemas/PublicError");
    }

    @Test
    void givenEveryFamily_whenNamingItsAnswers_thenOneResponsePerStatusItAnswersButNoneFor405Or406() {
        assertThat(ErrorResponseComponents.all()).containsKeys("PublicUnprocessableEntity", "PublicServiceUnavailable",
                        "IntegrationsBadRequest", "StatusTooManyRequests", "PageNotFound")
                .doesNotContainKeys("PublicBadRequest", "IntegrationsUnprocessableEntity", "StatusMethodNotAllowed",
                        "PublicNotAcceptable");
        assertThat(ErrorResponseComponents.all().get("IntegrationsBadRequest").getDescription())
                .contains("missing_idempotency_key", "validation_error", "invalid_json")
                .doesNotContain("source_mismatch");
        assertThat(ErrorResponseComponents.all().get("StatusTooManyRequests").getHeaders()).containsKey("Retry-After");
        assertThat(ErrorResponseComponents.all().get("PageNotFound").getContent().getMediaType("text/html")).isNotNull();
    }
}
