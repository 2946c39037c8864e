package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
import jakarta.inject.Singleton;

/**
 * Strict JSON: a wrong type is an error, never a silent conversion. {@code "20"} is not a number,
 * {@code 1.5} is not an integer, {@code 7} is not a string, and properties a request does not
 * declare are refused unless its record says otherwise.
 */
@Singleton
public class JsonSettings implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        mapper.configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
        mapper.configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
        mapper.configure(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, true);
        mapper.configure(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature(), true);
        mapper.configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false);
        // Amounts are read exactly: 0.1 stays 0.1, never the double nearest to it.
        mapper.configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true);
        // ...and kept as written: partner metadata 1.50 comes back as 1.50.
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
