package dev.recaudo.persistence.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.domain.common.JsonText;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * Renders an outgoing event body (plain values, and {@link JsonText} kept verbatim) to the JSON text
 * that is stored once and then sent byte for byte, so a signature always covers what was stored.
 * Jackson writes the records among the values by reflection, outside Quarkus REST, so each must be
 * registered for a native build: the records this class registers are the only ones a body may hold,
 * and {@link #render} refuses any other, in every build, so a new one cannot ship unregistered.
 */
@RegisterForReflection(targets = {PublicInvoice.class, PublicInvoice.Payment.class, PublicInvoice.Allows.class})
public final class EventBodies {

    /** The records a body may hold: this class's registration for reflection. */
    static final Set<Class<?>> RECORDS = Set.of(EventBodies.class.getAnnotation(RegisterForReflection.class).targets());

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
        requireRegistered(body);
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event body is plain values and always serializes", e);
        }
    }

    /**
     * Walks a value as Jackson will: text, numbers, booleans, {@link JsonText}, maps and collections
     * of those, and the registered records, whose components are walked in turn.
     */
    private static void requireRegistered(Object value) {
        if (value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof JsonText) {
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.values().forEach(EventBodies::requireRegistered);
        } else if (value instanceof Collection<?> values) {
            values.forEach(EventBodies::requireRegistered);
        } else if (RECORDS.contains(value.getClass())) {
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                requireRegistered(read(component, value));
            }
        } else {
            throw new IllegalArgumentException("an event body holds a " + value.getClass().getName()
                    + ", which is neither a plain value nor a record EventBodies registers for reflection");
        }
    }

    private static Object read(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }
}
