package dev.recaudo.rest.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Reads the fields of a JSON object body into a request record with their JSON types checked
 * strictly (a number is not a string), collecting every problem under the field's name as the client
 * wrote it, where binding with Jackson would stop at the first. A JSON {@code null} is treated as
 * absent. The record's annotations check the rest.
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

    /** Every property that is not a component of {@code request} is reported in {@code errors}, in the order sent. */
    public void refuseUnknown(Class<? extends Record> request, FieldErrors errors) {
        Set<String> accepted = Arrays.stream(request.getRecordComponents()).map(RecordComponent::getName).collect(Collectors.toSet());
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!accepted.contains(name)) {
                errors.add(name, "is not an accepted property");
            }
        }
    }

    /**
     * The field's text, or null when it is absent or not a JSON string ("must be a string"): its
     * other rules are the request record's annotations.
     */
    public String string(String field) {
        return typed(field, JsonNode::isTextual, "must be a string") ? node.get(field).textValue() : null;
    }

    /** The field's number exactly as written, or null when it is absent or not a JSON number ("must be a number"). */
    public BigDecimal decimal(String field) {
        return typed(field, JsonNode::isNumber, "must be a number") ? node.get(field).decimalValue() : null;
    }

    /** The field's object, or null when it is absent or not a JSON object ("must be a JSON object"). */
    public ObjectNode object(String field) {
        return typed(field, JsonNode::isObject, "must be a JSON object") ? (ObjectNode) node.get(field) : null;
    }

    /** Whether the field is present with the JSON type {@code type}; of another type, {@code message} is its problem. */
    private boolean typed(String field, Predicate<JsonNode> type, String message) {
        if (!has(field)) {
            return false;
        }
        if (!type.test(node.get(field))) {
            errors.add(field, message);
            return false;
        }
        return true;
    }
}
