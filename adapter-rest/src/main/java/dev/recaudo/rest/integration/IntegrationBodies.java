package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.IdempotentWrites;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The bodies of the integrations API's writes. The writes themselves run under
 * {@code Idempotency-Key} through {@link IdempotentWrites}, the path they share with the public API.
 */
@ApplicationScoped
public class IntegrationBodies {

    private final ObjectMapper json;

    public IntegrationBodies(ObjectMapper json) {
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
