package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The API families and their error envelopes. The family is decided by the path, so that even an
 * error raised before any resource matched (unknown route, oversized body) has the right shape. That
 * path is the one inside the application: without {@code quarkus.http.root-path} and without a
 * proxy's {@code X-Forwarded-Prefix}, so that {@code /api/integrations/...} is still integrations.
 */
public enum ErrorFamily {
    /** Public invoice API and messaging query: {@code {message, code, code_name, errors}}. */
    PUBLIC,
    /** Partner integrations API: {@code {error: {code, message, requestId}}}. */
    INTEGRATIONS,
    /**
     * External payments API, checkout helper and processor events: {@code {statusCode, message, error,
     * timestamp, path}}.
     */
    STATUS,
    /** Operator and administration APIs: the public envelope, which has room for field errors. */
    ADMINISTRATION,
    /**
     * Pages a person reads: the hosted checkout page ({@code /pay/...}) and the company console
     * ({@code /console/...}), an HTML page ({@link ErrorPages}), statuses as PUBLIC.
     */
    PAGE;

    /** The family of a path inside the application (for example {@code /integrations/v1/...}). */
    public static ErrorFamily forPath(String path) {
        if (path.equals("/pay") || path.startsWith("/pay/") || path.equals("/console") || path.startsWith("/console/")) {
            return PAGE;
        }
        if (path.startsWith("/integrations/")) {
            return INTEGRATIONS;
        }
        if (path.startsWith("/external/") || path.equals("/external") || path.startsWith("/checkout/")
                || path.startsWith("/webhooks/processors/")) {
            return STATUS;
        }
        if (path.startsWith("/companies/") || path.startsWith("/operator/") || path.startsWith("/auth/")) {
            return ADMINISTRATION;
        }
        return PUBLIC;
    }

    /**
     * The family of a request: its path's, except that a bank statement import sent with the
     * integrations signature header is a partner key's call and is answered in the integrations envelope.
     */
    public static ErrorFamily forRequest(String path, boolean signed) {
        ErrorFamily family = forPath(path);
        return signed && family == ADMINISTRATION && StatementBody.Route.isImport(path) ? INTEGRATIONS : family;
    }

    public int status(Problem problem) {
        return switch (this) {
            case PUBLIC, ADMINISTRATION, PAGE -> problem.publicStatus();
            case INTEGRATIONS, STATUS -> problem.integrationsStatus();
        };
    }

    /** The JSON envelope; {@link #PAGE} has none ({@link ErrorPages} renders its errors). */
    public ObjectNode body(Problem problem, String message, Map<String, List<String>> errors, String requestId, String path,
            Instant now) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode body = json.objectNode();
        switch (this) {
            case PUBLIC, ADMINISTRATION -> {
                body.put("message", message);
                body.put("code", problem.publicCode());
                body.put("code_name", problem.publicCodeName());
                ObjectNode fields = body.putObject("errors");
                errors.forEach((field, messages) -> messages.forEach(fields.withArray(field)::add));
            }
            case INTEGRATIONS -> {
                ObjectNode error = body.putObject("error");
                error.put("code", problem.integrationsCode());
                error.put("message", message);
                error.put("requestId", requestId);
            }
            case STATUS -> {
                int status = status(problem);
                body.put("statusCode", status);
                body.put("message", message);
                body.put("error", HttpStatusText.of(status));
                body.put("timestamp", now.toString());
                body.put("path", path);
            }
            case PAGE -> throw new IllegalArgumentException("errors of the hosted page are HTML pages (ErrorPages)");
        }
        return body;
    }
}
