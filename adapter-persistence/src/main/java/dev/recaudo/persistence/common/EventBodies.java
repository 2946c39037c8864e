package dev.recaudo.persistence.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.recaudo.domain.common.JsonText;
import java.io.IOException;
import java.util.Map;

/**
 * Renders an outgoing event body (plain values, and {@link JsonText} kept verbatim) to the JSON text
 * that is stored once and then sent byte for byte, so a signature always covers what was stored.
 */
public final class EventBodies {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .registerModule(new SimpleModule().addSerializer(JsonText.class, new StdSerializer<>(JsonText.class) {
                @Override
                public void serialize(JsonText value, JsonGenerator generator, SerializerProvider provider) throws IOException {
                    generator.writeRawValue(value.value());
                }
            }));

    private EventBodies() {}

    public static String render(Map<String, Object> body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event body is plain values and always serializes", e);
        }
    }
}
