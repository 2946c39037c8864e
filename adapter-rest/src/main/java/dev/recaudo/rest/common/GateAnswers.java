package dev.recaudo.rest.common;

import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponses;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;

/**
 * The error answers an operation gives before its own code runs, so that no resource has to repeat
 * them: the edge's (a path or query it refuses is the family's validation answer, a body over the
 * limit {@code 413}, a failure {@code 500}, a database out of reach for now {@code 503}) and those of the gate of each credential scheme the
 * operation names. An operation's own {@code @APIResponse} for a status stands.
 */
final class GateAnswers {

    /** What checking each credential scheme of {@link OpenApiDocument} can answer (the filters of rest/auth). */
    static final Map<String, List<Problem>> SCHEMES = Map.of(
            "apiKeyBearer", List.of(Problem.AUTHENTICATION, Problem.FORBIDDEN, Problem.RATE_LIMITED),
            "integrationsSignature", List.of(Problem.INVALID_SIGNATURE, Problem.FORBIDDEN, Problem.RATE_LIMITED),
            "integrationsTimestamp", List.of(Problem.INVALID_TIMESTAMP),
            "xApiKey", List.of(Problem.AUTHENTICATION, Problem.FORBIDDEN, Problem.RATE_LIMITED),
            "checkoutToken", List.of(Problem.AUTHENTICATION, Problem.FORBIDDEN, Problem.RATE_LIMITED),
            "adminJwt", List.of(Problem.AUTHENTICATION, Problem.FORBIDDEN, Problem.NOT_FOUND),
            "operatorToken", List.of(Problem.AUTHENTICATION, Problem.FORBIDDEN),
            "whatsappSignature", List.of(Problem.AUTHENTICATION, Problem.SERVICE_UNAVAILABLE),
            "whatsappVerifyToken", List.of(Problem.FORBIDDEN),
            "processorSignature", List.of(Problem.VALIDATION, Problem.FORBIDDEN, Problem.NOT_FOUND));

    private GateAnswers() {}

    /** Adds to the operation, for the family of its path (inside the application), what its gates answer. */
    static void addTo(String path, Operation operation) {
        List<Problem> problems = new ArrayList<>(List.of(Problem.VALIDATION, Problem.INTERNAL, Problem.SERVICE_UNAVAILABLE));
        if (operation.getRequestBody() != null) {
            problems.add(Problem.PAYLOAD_TOO_LARGE);
        }
        for (SecurityRequirement requirement : operation.getSecurity() == null ? List.<SecurityRequirement>of()
                : operation.getSecurity()) {
            requirement.getSchemes().keySet().forEach(scheme -> problems.addAll(schemeProblems(scheme)));
        }
        if (operation.getResponses() == null) {
            operation.setResponses(createAPIResponses());
        }
        APIResponses responses = operation.getResponses();
        ErrorFamily family = ErrorFamily.forPath(path);
        for (Problem problem : problems) {
            String status = Integer.toString(family.status(problem));
            if (!responses.hasAPIResponse(status)) {
                responses.addAPIResponse(status, createAPIResponse()
                        .ref(ErrorResponseComponents.responseName(family, family.status(problem))));
            }
        }
    }

    private static List<Problem> schemeProblems(String scheme) {
        List<Problem> problems = SCHEMES.get(scheme);
        if (problems == null) {
            throw new IllegalStateException("say in GateAnswers.SCHEMES what the scheme " + scheme + " can answer");
        }
        return problems;
    }
}
