package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reads JSON bodies into request records, for the integrations and external payments APIs. The
 * writes themselves run under {@code Idempotency-Key} through {@link IdempotentWrites}.
 */
@ApplicationScoped
public class RequestBodies {

    private final ObjectMapper json;

    public RequestBodies(ObjectMapper json) {
        this.json = json;
    }

    /** The body as the request record: it must be a JSON object; field types are checked by Jackson. */
    public <T> T read(JsonNode body, Class<T> type) throws JsonProcessingException {
        if (body == null || !body.isObject()) {
            throw ApiProblem.notAnObject(body);
        }
        return json.treeToValue(body, type);
    }
}
