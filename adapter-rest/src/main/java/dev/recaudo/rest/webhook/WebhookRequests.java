package dev.recaudo.rest.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.JsonBody;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies of a webhook endpoint's registration and of its secret's rotation, checked and read
 * into what the use case takes.
 */
public final class WebhookRequests {

    static final int URL_MAX = 2048;
    static final String URL_RULE = "is required, at most " + URL_MAX + " characters";

    private WebhookRequests() {}

    /**
     * Absent, the events are all of them and the environment is live. Whether the URL is a target
     * deliveries may go to is the webhook target policy's, answered by the use case.
     */
    public record RegisterRequest(
            @Text(max = URL_MAX, required = true, refused = URL_RULE) String url,
            List<String> events,
            String environment) {}

    /** Absent, or without a body, the replaced secret signs for the configured overlap. */
    @RegisterForReflection
    @Schema(name = "RotateWebhookSecretRequest", additionalProperties = Schema.False.class)
    public record RotateSecretRequest(
            @Schema(minimum = "0", maximum = "" + EndpointSecrets.OVERLAP_MAX_SECONDS,
                    description = "How long the replaced secret keeps signing; 0 stops it at once") Long overlapSeconds) {}

    /** A registration with its defaults applied and its URL trimmed. */
    public record Registration(KeyEnvironment environment, String url, Set<String> events) {}

    /**
     * The shape rules are the record's annotations; the events and the environment are names the
     * domain reads, read here, their problems in their field's place in the answer.
     */
    public static Registration registration(RequestValidation validation, RegisterRequest body) {
        RequestValidation.required(body);
        FieldErrors read = new FieldErrors();
        Set<String> events = new TreeSet<>(WebhookEndpoint.EVENT_TYPES);
        if (body.events() != null) {
            if (body.events().isEmpty() || body.events().stream().anyMatch(e -> e == null || !events.contains(e))) {
                read.add("events", "must be a non-empty list of " + events);
            } else {
                events.retainAll(body.events());
            }
        }
        KeyEnvironment environment = body.environment() == null ? KeyEnvironment.LIVE
                : KeyEnvironment.fromWireName(body.environment()).orElse(null);
        if (environment == null) {
            read.add("environment", "must be live or test");
        }
        FieldErrors errors = new FieldErrors();
        validation.check(body, read, errors);
        errors.throwIfAny();
        return new Registration(environment, body.url().trim(), events);
    }

    /**
     * The overlap the optional rotation body asks for, read whatever its Content-Type (a body-less
     * POST usually has none); empty for the configured one. Zero stops the replaced secret at once.
     */
    static Optional<Duration> overlap(String text, ObjectMapper json) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        JsonNode body;
        try {
            body = json.readTree(text);
        } catch (JsonProcessingException malformed) {
            throw new ApiProblem(Problem.MALFORMED_BODY, "The request body is not valid JSON");
        }
        FieldErrors errors = new FieldErrors();
        JsonBody fields = JsonBody.of(body, errors);
        fields.refuseUnknown(RotateSecretRequest.class, errors);
        BigDecimal seconds = fields.decimal("overlapSeconds");
        // A whole number written as one, as Jackson binds integers here: 60.0 and 6e1 are refused.
        if (seconds != null && (!body.get("overlapSeconds").isIntegralNumber() || seconds.signum() < 0
                || seconds.compareTo(BigDecimal.valueOf(EndpointSecrets.OVERLAP_MAX_SECONDS)) > 0)) {
            errors.add("overlapSeconds", "must be a whole number from 0 to " + EndpointSecrets.OVERLAP_MAX_SECONDS);
        }
        errors.throwIfAny();
        return Optional.ofNullable(seconds).map(value -> Duration.ofSeconds(value.longValueExact()));
    }
}
