package dev.recaudo.rest.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An error answer on its way out: what went wrong, a message for the client, and per-field
 * details. Each family's mapper renders it in that family's envelope. It carries no stack trace:
 * it is an answer, not a failure.
 */
public class ApiProblem extends RuntimeException {

    private final Problem problem;
    private final Map<String, List<String>> errors;
    private final Map<String, String> headers;

    public ApiProblem(Problem problem, String message) {
        this(problem, message, Map.of(), Map.of());
    }

    public ApiProblem(Problem problem, String message, Map<String, List<String>> errors) {
        this(problem, message, errors, Map.of());
    }

    public ApiProblem(Problem problem, String message, Map<String, List<String>> errors, Map<String, String> headers) {
        super(message, null, false, false);
        this.problem = problem;
        this.errors = Map.copyOf(new LinkedHashMap<>(errors));
        this.headers = Map.copyOf(headers);
    }

    public static ApiProblem validation(String field, String message) {
        return new ApiProblem(Problem.VALIDATION, field + " " + message, Map.of(field, List.of(message)));
    }

    /** A money operation of a company without a reference currency: {@code errors.configuration}. */
    public static ApiProblem noFinancialConfiguration() {
        return new ApiProblem(Problem.SERVICE_UNAVAILABLE,
                "The company has no financial configuration (reference currency); ask the operator to set it",
                Map.of("configuration", List.of("the company has no reference currency")));
    }

    /**
     * The database cannot serve the request for now: {@code errors.database}, and a second's wait
     * before the same request again.
     */
    public static ApiProblem storeUnavailable() {
        return new ApiProblem(Problem.SERVICE_UNAVAILABLE,
                "The service cannot reach its database for now; send the same request again (same Idempotency-Key)",
                Map.of("database", List.of("temporarily unavailable")), Map.of("Retry-After", "1"));
    }

    /** A body that is missing is a validation problem; one that is not a JSON object is malformed. */
    public static ApiProblem notAnObject(Object body) {
        return body == null
                ? validation("body", "is required")
                : new ApiProblem(Problem.MALFORMED_BODY, "The request body must be a JSON object");
    }

    public Problem problem() {
        return problem;
    }

    /** Field or area name to messages, in the order they were found. */
    public Map<String, List<String>> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
