package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;

/**
 * Reads fields of a JSON object body and collects every problem, with the field names as the
 * client wrote them. A JSON {@code null} is treated as absent.
 */
public final class JsonBody {

    private final ObjectNode node;
    private final FieldErrors errors;

    private JsonBody(ObjectNode node, FieldErrors errors) {
        this.node = node;
        this.errors = errors;
    }

    /** The body as an object; anything else (missing, array, scalar) is a validation problem. */
    public static JsonBody of(JsonNode body, FieldErrors errors) {
        if (body == null || !body.isObject()) {
            throw ApiProblem.notAnObject(body);
        }
        return new JsonBody((ObjectNode) body, errors);
    }

    public ObjectNode node() {
        return node;
    }

    public FieldErrors errors() {
        return errors;
    }

    public boolean has(String field) {
        return node.has(field) && !node.get(field).isNull();
    }

    public boolean present(String field) {
        return node.has(field);
    }

    /** Every property outside the accepted set is reported. */
    public void refuseUnknown(Set<String> accepted) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!accepted.contains(name)) {
                errors.add(name, "is not an accepted property");
            }
        }
    }

    /** A string of {@code min} to {@code max} characters; required ones report their absence. */
    public Optional<String> text(String field, boolean required, int min, int max) {
        if (!has(field)) {
            if (required) {
                errors.add(field, "is required");
            }
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isTextual()) {
            errors.add(field, "must be a string");
            return Optional.empty();
        }
        String text = value.textValue();
        if (text.length() < min || text.length() > max || text.isBlank()) {
            errors.add(field, min == max ? "must have " + min + " characters" : "must have " + min + " to " + max + " characters");
            return Optional.empty();
        }
        return Optional.of(text);
    }

    public Optional<BigDecimal> number(String field, boolean required) {
        if (!has(field)) {
            if (required) {
                errors.add(field, "is required");
            }
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isNumber()) {
            errors.add(field, "must be a number");
            return Optional.empty();
        }
        return Optional.of(value.decimalValue());
    }

    public Optional<ObjectNode> object(String field) {
        if (!has(field)) {
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isObject()) {
            errors.add(field, "must be a JSON object");
            return Optional.empty();
        }
        return Optional.of((ObjectNode) value);
    }
}
