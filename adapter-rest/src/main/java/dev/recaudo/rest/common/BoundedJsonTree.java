package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Reads JSON trees (every request body the service takes as a {@code JsonNode}) within the bounds of
 * docs/decisions.md, "Limits". The whole body is bounded, {@code metadata} and
 * ignored properties included, because all of it is stored, fingerprinted or echoed. A decimal is
 * checked from its text before anything expands it, and keeps that text ({@link SpelledNumberNode}).
 * Strings and property names must be text the database can store ({@link ClientText#unstorable}).
 * A value out of bounds, or beyond the parser's limits in {@link JsonSettings}, is a validation
 * problem naming its path ({@code metadata.x}, {@code lines[0]}) in the family's envelope.
 *
 * @param <T> {@code JsonNode}, or {@code ObjectNode} for bodies that must be objects
 */
final class BoundedJsonTree<T extends JsonNode> extends StdDeserializer<T> {

    private static final long serialVersionUID = 1L;

    /**
     * The magnitudes an IEEE 754 double holds as a normal number, the type JavaScript, Python's
     * {@code json} and most JSON libraries read numbers into: smaller ones lose precision or become 0,
     * larger ones become infinity. A nonzero number must lie within them.
     */
    static final BigDecimal MAGNITUDE_MIN = BigDecimal.valueOf(Double.MIN_NORMAL);
    static final BigDecimal MAGNITUDE_MAX = BigDecimal.valueOf(Double.MAX_VALUE);
    /** A zero may carry an exponent of the same decimal range: {@code 0e-308} is accepted, {@code 0e-309} is not. */
    static final int ZERO_EXPONENT_MAX = 308;

    private final Class<T> type;

    BoundedJsonTree(Class<T> type) {
        super(type);
        this.type = type;
    }

    @Override
    public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        if (type == ObjectNode.class && !parser.isExpectedStartObjectToken() && !parser.hasToken(JsonToken.FIELD_NAME)
                && !parser.hasToken(JsonToken.END_OBJECT)) {
            return type.cast(context.handleUnexpectedToken(ObjectNode.class, parser));
        }
        try {
            return type.cast(parser.hasToken(JsonToken.FIELD_NAME) || parser.hasToken(JsonToken.END_OBJECT)
                    ? fields(parser, context, context.getNodeFactory().objectNode())
                    : value(parser, context));
        } catch (StreamConstraintsException beyondLimits) {
            throw ApiProblem.validation(path(parser.getParsingContext()), "is beyond the limits of a JSON request: at most "
                    + JsonSettings.NESTING_DEPTH_MAX + " levels of nesting, " + JsonSettings.STRING_CHARS_MAX
                    + " characters in a string or property name, " + JsonSettings.NUMBER_DIGITS_MAX + " digits in a number");
        }
    }

    /** A JSON {@code null} body is a null node, like Jackson's own tree reader; an absent value is nothing. */
    @Override
    public T getNullValue(DeserializationContext context) {
        return type == JsonNode.class ? type.cast(NullNode.getInstance()) : null;
    }

    @Override
    public Object getAbsentValue(DeserializationContext context) {
        return null;
    }

    @Override
    public LogicalType logicalType() {
        return LogicalType.Untyped;
    }

    @Override
    public boolean isCachable() {
        return true;
    }

    private JsonNode value(JsonParser parser, DeserializationContext context) throws IOException {
        if (!parser.hasCurrentToken()) {
            return context.reportInputMismatch(this, "Unexpected end of input");
        }
        JsonNodeFactory nodes = context.getNodeFactory();
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                parser.nextToken();
                yield fields(parser, context, nodes.objectNode());
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser, context));
                }
                yield array;
            }
            case VALUE_STRING -> nodes.textNode(storable(parser, parser.getText()));
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                // At most NUMBER_DIGITS_MAX digits: always within the bounds, and spelled one way only.
                case INT -> nodes.numberNode(parser.getIntValue());
                case LONG -> nodes.numberNode(parser.getLongValue());
                default -> nodes.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> decimal(parser);
            case VALUE_TRUE -> nodes.booleanNode(true);
            case VALUE_FALSE -> nodes.booleanNode(false);
            case VALUE_NULL -> nodes.nullNode();
            // Only from trees and token buffers the service builds itself, never from request text.
            case VALUE_EMBEDDED_OBJECT -> parser.getEmbeddedObject() instanceof JsonNode embedded
                    ? embedded : nodes.pojoNode(parser.getEmbeddedObject());
            default -> (JsonNode) context.handleUnexpectedToken(JsonNode.class, parser);
        };
    }

    /** The properties of an object, the parser on its first name or its end; duplicates are refused, as everywhere. */
    private ObjectNode fields(JsonParser parser, DeserializationContext context, ObjectNode object) throws IOException {
        while (parser.hasToken(JsonToken.FIELD_NAME)) {
            String name = storable(parser, parser.currentName());
            parser.nextToken();
            if (object.replace(name, value(parser, context)) != null) {
                context.reportInputMismatch(this, "Duplicate property %s", name);
            }
            parser.nextToken();
        }
        return object;
    }

    /**
     * A string value or property name when it can be stored as sent ({@link ClientText#unstorable});
     * else a refusal naming the value's path, or for a property name the object that holds it.
     */
    private static String storable(JsonParser parser, String text) {
        ClientText.unstorable(text).ifPresent(rule -> {
            throw parser.hasToken(JsonToken.FIELD_NAME)
                    ? ApiProblem.validation(path(parser.getParsingContext().getParent()), "property names " + rule)
                    : ApiProblem.validation(path(parser.getParsingContext()), rule);
        });
        return text;
    }

    private static JsonNode decimal(JsonParser parser) throws IOException {
        String text = parser.getText();
        BigDecimal value = withinBounds(text).orElseThrow(() -> ApiProblem.validation(path(parser.getParsingContext()),
                "is out of range: a number must be 0 (with an exponent of at most " + ZERO_EXPONENT_MAX
                        + " either way) or of a magnitude from " + MAGNITUDE_MIN + " to " + MAGNITUDE_MAX));
        return new SpelledNumberNode(value, text);
    }

    /**
     * The number the text spells when it is within the bounds. Reading the text costs its length
     * whatever the exponent; comparing magnitudes looks at the exponents first; so nothing here ever
     * expands {@code 1e999999999}. An exponent beyond an {@code int} does not even make a BigDecimal.
     */
    static Optional<BigDecimal> withinBounds(String text) {
        BigDecimal number;
        try {
            number = new BigDecimal(text);
        } catch (NumberFormatException beyondAnyScale) {
            return Optional.empty();
        }
        if (number.signum() == 0) {
            return Math.abs((long) number.scale()) <= ZERO_EXPONENT_MAX ? Optional.of(number) : Optional.empty();
        }
        BigDecimal magnitude = number.abs();
        return magnitude.compareTo(MAGNITUDE_MIN) >= 0 && magnitude.compareTo(MAGNITUDE_MAX) <= 0
                ? Optional.of(number) : Optional.empty();
    }

    /** Where the parser is, as the client would name it: {@code metadata.items[2].price}; {@code body} at the top. */
    static String path(JsonStreamContext context) {
        Deque<String> steps = new ArrayDeque<>();
        for (JsonStreamContext at = context; at != null && !at.inRoot(); at = at.getParent()) {
            if (at.inArray()) {
                steps.push("[" + Math.max(at.getCurrentIndex(), 0) + "]");
            } else if (at.getCurrentName() != null) {
                steps.push("." + at.getCurrentName());
            }
        }
        String path = String.join("", steps);
        return path.isEmpty() ? "body" : path.startsWith(".") ? path.substring(1) : path;
    }
}
