package dev.recaudo.rest.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.Text;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The body of a webhook endpoint's registration, checked and read into what the use case takes. */
final class WebhookRequests {

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

    /** A registration with its defaults applied and its URL trimmed. */
    record Registration(KeyEnvironment environment, String url, Set<String> events) {}

    /**
     * The shape rules are the record's annotations; the events and the environment are names the
     * domain reads, read here, their problems in their field's place in the answer.
     */
    static Registration registration(RequestValidation validation, RegisterRequest body) {
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
}
