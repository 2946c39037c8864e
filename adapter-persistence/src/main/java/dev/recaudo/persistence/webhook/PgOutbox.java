package dev.recaudo.persistence.webhook;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.recaudo.domain.common.JsonText;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;

/**
 * The outbox in PostgreSQL. The event body is rendered to JSON text once, here, and sent byte for
 * byte on every attempt; one pending delivery is created per subscribed endpoint of the event's
 * environment in the same statement batch, inside the caller's transaction.
 */
@ApplicationScoped
public class PgOutbox implements Outbox {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .registerModule(new SimpleModule().addSerializer(JsonText.class, new StdSerializer<>(JsonText.class) {
                @Override
                public void serialize(JsonText value, JsonGenerator generator, SerializerProvider provider) throws IOException {
                    generator.writeRawValue(value.value());
                }
            }));

    private final Jdbc jdbc;

    public PgOutbox(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void append(OutboxEvent event) {
        String body;
        try {
            body = JSON.writeValueAsString(event.body());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event body is plain values and always serializes", e);
        }
        jdbc.update("INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                event.id(), event.scope().companyId().value(), event.scope().isTest(), event.type(), body, event.createdAt());
        jdbc.update("INSERT INTO webhook_deliveries (id, event_id, endpoint_id, company_id, status, attempts, next_attempt_at,"
                        + " created_at, updated_at)"
                        + " SELECT gen_random_uuid(), ?, e.id, e.company_id, 'PENDING', 0, ?, ?, ? FROM webhook_endpoints e"
                        + " WHERE e.company_id = ? AND e.is_test = ? AND e.deleted_at IS NULL AND ? = ANY (e.events)",
                event.id(), event.createdAt(), event.createdAt(), event.createdAt(), event.scope().companyId().value(),
                event.scope().isTest(), event.type());
    }
}
