package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponses;
import static org.eclipse.microprofile.openapi.OASFactory.createOperation;
import static org.eclipse.microprofile.openapi.OASFactory.createRequestBody;
import static org.eclipse.microprofile.openapi.OASFactory.createSecurityRequirement;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.security.SecuritySchemes;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.junit.jupiter.api.Test;

/** Every operation gets the answers of the edge and of its credential gates, in its path's envelope. */
class GateAnswersTest {

    @Test
    void givenSignedIntegrationsWrite_whenAnswersAdded_thenEdgeAndGateAnswersInTheIntegrationsEnvelope() {
        Operation operation = createOperation().requestBody(createRequestBody())
                .addSecurityRequirement(createSecurityRequirement().addScheme("apiKeyBearer")
                        .addScheme("integrationsSignature").addScheme("integrationsTimestamp"))
                .responses(createAPIResponses().addAPIResponse("500", createAPIResponse().description("status failed")));

        GateAnswers.addTo("/integrations/v1/{companyId}/verified-payments", operation);

        assertThat(refs(operation)).containsOnly(
                Map.entry("400", "#/components/responses/IntegrationsBadRequest"),
                Map.entry("401", "#/components/responses/IntegrationsUnauthorized"),
                Map.entry("403", "#/components/responses/IntegrationsForbidden"),
                Map.entry("413", "#/components/responses/IntegrationsPayloadTooLarge"),
                Map.entry("429", "#/components/responses/IntegrationsTooManyRequests"),
                Map.entry("500", "status failed"),
                Map.entry("503", "#/components/responses/IntegrationsServiceUnavailable"));
    }

    @Test
    void givenAdministrationReadAndOpenPage_whenAnswersAdded_thenEachInItsOwnEnvelopeAndOnlyItsGatesAnswers() {
        Operation admin = createOperation().addSecurityRequirement(createSecurityRequirement().addScheme("adminJwt"));
        Operation page = createOperation();

        GateAnswers.addTo("/companies/{companyId}/api-keys", admin);
        GateAnswers.addTo("/pay/{checkoutId}", page);

        assertThat(refs(admin)).containsOnlyKeys("401", "403", "404", "422", "500", "503")
                .containsEntry("404", "#/components/responses/PublicNotFound");
        assertThat(refs(page)).containsOnly(Map.entry("422", "#/components/responses/PageUnprocessableEntity"),
                Map.entry("500", "#/components/responses/PageInternalServerError"),
                Map.entry("503", "#/components/responses/PageServiceUnavailable"));
    }

    @Test
    void givenDocumentsCredentialSchemes_whenComparedWithTheGates_thenEverySchemeSaysWhatItAnswers() {
        assertThat(Arrays.stream(OpenApiDocument.class.getAnnotation(SecuritySchemes.class).value())
                .map(SecurityScheme::securitySchemeName))
                .containsExactlyInAnyOrderElementsOf(GateAnswers.SCHEMES.keySet());
    }

    /** Status to the response it refers to, or to its description when it is written out. */
    private static Map<String, String> refs(Operation operation) {
        return operation.getResponses().getAPIResponses().entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                entry -> entry.getValue().getRef() != null ? entry.getValue().getRef() : describe(entry.getValue())));
    }

    private static String describe(APIResponse response) {
        return response.getDescription();
    }
}
