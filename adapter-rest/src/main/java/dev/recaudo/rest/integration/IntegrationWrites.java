package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.idempotency.IdempotentExecution.Outcome;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.rest.auth.IntegrationsApiFilter;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Fingerprints;
import dev.recaudo.rest.common.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The integrations API's writes under {@code Idempotency-Key}: the first request does the work
 * and its answer is stored; an equal request (as parsed JSON) with the same key replays it; a
 * different request with the same key is {@code 409 idempotency_conflict}.
 */
@ApplicationScoped
public class IntegrationWrites {

    private final IdempotentExecution idempotency;
    private final ObjectMapper json;

    public IntegrationWrites(IdempotentExecution idempotency, ObjectMapper json) {
        this.idempotency = idempotency;
        this.json = json;
    }

    /** A status and the entity to send; only successful answers are stored for replay. */
    public record Reply(int status, Object entity) {}

    public Response execute(KeyPrincipal key, String operation, String idempotencyKey, JsonNode body, Supplier<Reply> work) {
        return execute(key, operation, idempotencyKey, body, work, this::raw);
    }

    /** Like {@link #execute(KeyPrincipal, String, String, JsonNode, Supplier)}, with a custom answer to replays. */
    public Response execute(KeyPrincipal key, String operation, String idempotencyKey, JsonNode body, Supplier<Reply> work,
            Function<StoredResponse, Response> replay) {
        Outcome outcome = idempotency.execute(key.scope(), operation, idempotencyKey, Fingerprints.of(body), () -> {
            Reply reply = work.get();
            return new StoredResponse(reply.status(), write(reply.entity()));
        });
        if (outcome instanceof Outcome.Executed executed) {
            return raw(executed.response());
        }
        if (outcome instanceof Outcome.Replayed replayed) {
            return replay.apply(replayed.response());
        }
        if (outcome instanceof Outcome.KeyReusedWithAnotherRequest) {
            throw new ApiProblem(Problem.IDEMPOTENCY_MISMATCH,
                    IntegrationsApiFilter.IDEMPOTENCY_HEADER + " was already used with a different request");
        }
        throw new ApiProblem(Problem.IDEMPOTENCY_IN_PROGRESS,
                "A request with this " + IntegrationsApiFilter.IDEMPOTENCY_HEADER + " is still being processed; retry shortly",
                Map.of(), Map.of("Retry-After", "1"));
    }

    /** The body as the request record: it must be a JSON object; field types are checked by Jackson. */
    public <T> T read(JsonNode body, Class<T> type) throws JsonProcessingException {
        if (body == null || !body.isObject()) {
            throw ApiProblem.notAnObject(body);
        }
        return json.treeToValue(body, type);
    }

    public Response raw(StoredResponse response) {
        return Response.status(response.status()).entity(response.body()).type(MediaType.APPLICATION_JSON).build();
    }

    public String write(Object entity) {
        try {
            return json.writeValueAsString(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answers are plain records and always serialize", e);
        }
    }
}
