package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.recaudo.domain.common.JsonText;
import java.io.IOException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Singleton;

/**
 * Strict JSON: a wrong type is an error, never a silent conversion. {@code "20"} is not a number,
 * {@code 1.5} is not an integer, {@code 7} is not a string, and properties a request does not
 * declare are refused unless its record says otherwise. Bounded JSON: the parser stops at the limits
 * below, and trees are read by {@link BoundedJsonTree}, which bounds every number's magnitude (see
 * docs/decisions.md, "Limits"). Text must be storable: no NUL, no lone surrogate, in trees
 * ({@link BoundedJsonTree}) and in records ({@link StorableStrings}). The body's size is bounded
 * before Jackson reads it ({@code recaudo.http.body-bytes-max}), so the parser gets no
 * document-length limit of its own. {@link JsonText}, which answers hold as raw JSON, is written by a
 * serializer of its own here; it is registered for reflection with the bodies that hold it.
 */
@Singleton
@RegisterForReflection(targets = JsonText.class)
public class JsonSettings implements ObjectMapperCustomizer {

    /**
     * Digits in one number, counting integer, fraction and exponent digits: far beyond any amount
     * (19) or IEEE double (17 significant), and small enough that any number is cheap to read.
     */
    static final int NUMBER_DIGITS_MAX = 100;
    /** Levels of nesting, the body itself included: request bodies use 4; metadata gets plenty of room. */
    static final int NESTING_DEPTH_MAX = 32;
    /** Characters in one string or property name: five times the longest text field (2,000). */
    static final int STRING_CHARS_MAX = 10_000;

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNumberLength(NUMBER_DIGITS_MAX)
                .maxNestingDepth(NESTING_DEPTH_MAX)
                .maxStringLength(STRING_CHARS_MAX)
                .maxNameLength(STRING_CHARS_MAX)
                .build());
        mapper.registerModule(new SimpleModule("recaudo-bounded-trees")
                .addDeserializer(JsonNode.class, new BoundedJsonTree<>(JsonNode.class))
                .addDeserializer(ObjectNode.class, new BoundedJsonTree<>(ObjectNode.class))
                .addDeserializer(String.class, new StorableStrings()));
        mapper.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        mapper.configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
        mapper.configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
        mapper.configure(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, true);
        mapper.configure(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature(), true);
        mapper.configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false);
        // Amounts are read exactly: 0.1 stays 0.1, never the double nearest to it.
        mapper.configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true);
        // ...and kept as written in trees: partner metadata 1.50 comes back as 1.50, 1e5 as 1e5 (SpelledNumberNode).
        mapper.setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
        mapper.configure(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN, true);
        mapper.registerModule(new SimpleModule("recaudo-json-text").addSerializer(JsonText.class,
                new StdSerializer<>(JsonText.class) {
                    @Override
                    public void serialize(JsonText value, JsonGenerator generator, SerializerProvider provider)
                            throws IOException {
                        generator.writeRawValue(value.value());
                    }
                }));
        refuse(mapper, LogicalType.Textual, CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Integer, CoercionInputShape.Float, CoercionInputShape.String,
                CoercionInputShape.EmptyString, CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Float, CoercionInputShape.String, CoercionInputShape.EmptyString,
                CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Boolean, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.String, CoercionInputShape.EmptyString);
    }

    private static void refuse(ObjectMapper mapper, LogicalType target, CoercionInputShape... shapes) {
        for (CoercionInputShape shape : shapes) {
            mapper.coercionConfigFor(target).setCoercion(shape, CoercionAction.Fail);
        }
    }
}
