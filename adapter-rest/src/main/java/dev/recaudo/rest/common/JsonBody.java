package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

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
        Optional<String> text = typed(field, required, JsonNode::isTextual, "must be a string").map(JsonNode::textValue);
        if (text.isPresent() && (text.get().length() < min || text.get().length() > max || text.get().isBlank())) {
            errors.add(field, min == max ? "must have " + min + " characters" : "must have " + min + " to " + max + " characters");
            return Optional.empty();
        }
        return text;
    }

    public Optional<BigDecimal> number(String field, boolean required) {
        return typed(field, required, JsonNode::isNumber, "must be a number").map(JsonNode::decimalValue);
    }

    public Optional<ObjectNode> object(String field) {
        return typed(field, false, JsonNode::isObject, "must be a JSON object").map(ObjectNode.class::cast);
    }

    /**
     * The field's value when it is present and of the expected type. Otherwise its problem is added,
     * absence only when the field is required, and there is no value.
     */
    private Optional<JsonNode> typed(String field, boolean required, Predicate<JsonNode> isExpectedType, String wrongType) {
        if (!has(field)) {
            if (required) {
                errors.add(field, "is required");
            }
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!isExpectedType.test(value)) {
            errors.add(field, wrongType);
            return Optional.empty();
        }
        return Optional.of(value);
    }
}
