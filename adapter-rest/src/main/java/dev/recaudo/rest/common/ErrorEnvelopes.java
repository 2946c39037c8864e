package dev.recaudo.rest.common;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The JSON error envelopes of {@link ErrorFamily}, as records, so that the OpenAPI document shows
 * their shape and a generated client can read them. {@link ErrorFamily#body} writes the same fields
 * (ErrorEnvelopesTest holds the two together); these records are read by no code at run time.
 */
public final class ErrorEnvelopes {

    private ErrorEnvelopes() {}

    /** Public invoice API, messaging query, sandbox, operator and administration APIs. */
    @Schema(name = "PublicError", description = "Error of the public invoice API, the messaging query, the sandbox and"
            + " the operator and administration APIs.")
    @RegisterForReflection
    public record PublicErrorResponse(
            @Schema(required = true) String message,
            @Schema(required = true, description = "Numeric code; each response lists those it may carry",
                    example = "10001") int code,
            @Schema(required = true, example = "validation_error") String code_name,
            @Schema(required = true, description = "Field or area name to its messages; empty when none applies")
            Map<String, List<String>> errors) {}

    /** Partner integrations API: the details sit under {@code error}. */
    @RegisterForReflection
    @Schema(name = "IntegrationsError", description = "Error of the integrations API.")
    public record IntegrationsErrorResponse(@Schema(required = true) IntegrationsErrorDetail error) {}

    @RegisterForReflection
    @Schema(name = "IntegrationsErrorDetail")
    public record IntegrationsErrorDetail(
            @Schema(required = true, example = "invalid_api_key") String code,
            @Schema(required = true) String message,
            @Schema(required = true, description = "The X-Request-Id of the request; quote it to support")
            String requestId) {}

    /** External payments API and checkout helper. */
    @RegisterForReflection
    @Schema(name = "StatusError", description = "Error of the external payments API and the checkout helper.")
    public record StatusErrorResponse(
            @Schema(required = true, example = "404") int statusCode,
            @Schema(required = true) String message,
            @Schema(required = true, description = "The status's reason phrase", example = "Not Found") String error,
            @Schema(required = true, format = "date-time") String timestamp,
            @Schema(required = true, description = "The request path as the client sent it") String path) {}
}
