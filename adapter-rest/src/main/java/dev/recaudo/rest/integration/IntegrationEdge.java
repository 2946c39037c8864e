package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.JsonWrites;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every integrations resource uses besides its use case: the JSON write path bound to the
 * integrations family's idempotency answers, the family's sealed cursors and its settings. One
 * bean, so that each resource names only what is its own and no endpoint can pick another
 * family's idempotency answers by mistake.
 */
@ApplicationScoped
public class IntegrationEdge {

    @Inject
    JsonWrites writes;

    @Inject
    Cursors cursors;

    @Inject
    RestSettings settings;

    /** The key the family's filter authenticated for this request. */
    KeyPrincipal key() {
        return writes.key();
    }

    <T> T read(JsonNode json, Class<T> type) throws JsonProcessingException {
        return writes.read(json, type);
    }

    /** Runs a write once per {@code Idempotency-Key}; a repeat answers the first reply. */
    Response write(KeyPrincipal key, IdempotentWrites.Request request, Supplier<IdempotentWrites.Reply> work) {
        return writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, request, work);
    }

    /** Like {@link #write(KeyPrincipal, IdempotentWrites.Request, Supplier)}, with an answer of its own to replays. */
    Response write(KeyPrincipal key, IdempotentWrites.Request request, Supplier<IdempotentWrites.Reply> work,
            Function<StoredResponse, Response> replay) {
        return writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, request, work, replay);
    }

    RequestValidation validation() {
        return writes.validation();
    }

    Cursors cursors() {
        return cursors;
    }

    RestSettings settings() {
        return settings;
    }
}
