package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.idempotency.PhasedWork;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The path every JSON write of an API-key family takes: the key the family's filter authenticated,
 * the body read strictly, the validation its parser reports through, and the write run once per
 * {@code Idempotency-Key} with the family's answers. Named once so that the families' writes read alike.
 */
@ApplicationScoped
public class JsonWrites {

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    IdempotentWrites idempotent;

    @Inject
    Caller caller;

    public KeyPrincipal key() {
        return caller.key();
    }

    public <T> T read(JsonNode json, Class<T> type) throws JsonProcessingException {
        return bodies.read(json, type);
    }

    public RequestValidation validation() {
        return validation;
    }

    public Caller caller() {
        return caller;
    }

    /** Runs a write once per {@code Idempotency-Key}; a repeat answers the first reply. */
    public Response execute(IdempotentWrites.Family family, KeyPrincipal key, IdempotentWrites.Request request,
            Supplier<IdempotentWrites.Reply> work) {
        return idempotent.execute(family, key, request, work);
    }

    /** Like the write above, with an answer of its own to replays. */
    public Response execute(IdempotentWrites.Family family, KeyPrincipal key, IdempotentWrites.Request request,
            Supplier<IdempotentWrites.Reply> work, Function<StoredResponse, Response> replay) {
        return idempotent.execute(family, key, request, work, replay);
    }

    /** Runs a write whose work leaves the process in atomic phases, once per {@code Idempotency-Key}. */
    public Response executePhased(IdempotentWrites.Family family, KeyPrincipal key, IdempotentWrites.Request request,
            PhasedWork work) {
        return idempotent.executePhased(family, key, request, work);
    }

    /** A reply as a phase of such a write answers it. */
    public StoredResponse answerOf(IdempotentWrites.Reply reply) {
        return idempotent.answerOf(reply);
    }
}
