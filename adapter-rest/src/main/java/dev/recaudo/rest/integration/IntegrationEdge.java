package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every integrations resource uses besides its use case: the calling key, bodies read
 * strictly and validated, writes made idempotent in the integrations family, the family's sealed
 * cursors and its settings. One bean, so that each resource names only what is its own and no
 * endpoint can pick another family's idempotency answers by mistake.
 */
@ApplicationScoped
public class IntegrationEdge {

    private final RequestBodies bodies;
    private final RequestValidation validation;
    private final IdempotentWrites idempotent;
    private final Caller caller;
    private final Cursors cursors;
    private final RestSettings settings;

    public IntegrationEdge(RequestBodies bodies, RequestValidation validation, IdempotentWrites idempotent, Caller caller,
            Cursors cursors, RestSettings settings) {
        this.bodies = bodies;
        this.validation = validation;
        this.idempotent = idempotent;
        this.caller = caller;
        this.cursors = cursors;
        this.settings = settings;
    }

    /** The key the family's filter authenticated for this request. */
    KeyPrincipal key() {
        return caller.key();
    }

    <T> T read(JsonNode json, Class<T> type) throws JsonProcessingException {
        return bodies.read(json, type);
    }

    /** Runs a write once per {@code Idempotency-Key}; a repeat answers the first reply. */
    Response write(KeyPrincipal key, IdempotentWrites.Request request, Supplier<IdempotentWrites.Reply> work) {
        return idempotent.execute(IdempotentWrites.Family.INTEGRATIONS, key, request, work);
    }

    /** Like {@link #write(KeyPrincipal, IdempotentWrites.Request, Supplier)}, with an answer of its own to replays. */
    Response write(KeyPrincipal key, IdempotentWrites.Request request, Supplier<IdempotentWrites.Reply> work,
            Function<StoredResponse, Response> replay) {
        return idempotent.execute(IdempotentWrites.Family.INTEGRATIONS, key, request, work, replay);
    }

    RequestValidation validation() {
        return validation;
    }

    Caller caller() {
        return caller;
    }

    Cursors cursors() {
        return cursors;
    }

    RestSettings settings() {
        return settings;
    }
}
