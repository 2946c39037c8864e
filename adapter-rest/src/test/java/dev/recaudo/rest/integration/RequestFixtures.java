package dev.recaudo.rest.integration;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.JsonSettings;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import jakarta.validation.Validation;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * What the request tests of the integrations share: bodies read by the service's strict mapper, a
 * partner's key, the validator, and the field errors of a refused request in the order they are answered.
 */
final class RequestFixtures {

    static final String SOURCE = "acme-erp";
    static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());
    static final KeyPrincipal KEY = new KeyPrincipal(new ApiKey(new ApiKeyId(UUID.randomUUID()),
            new ApiKeyId(UUID.randomUUID()), new CompanyId(UUID.randomUUID()), "partner", "rk_live_x", "hash", Set.of(),
            Optional.of(SOURCE), KeyEnvironment.LIVE, 60, Instant.EPOCH, Optional.empty(), Optional.empty()), true,
            Optional.empty());

    private static final ObjectMapper MAPPER = mapper();

    private RequestFixtures() {}

    private static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper();
        new JsonSettings().customize(mapper);
        return mapper;
    }

    /** Single quotes stand for double quotes, so bodies read as JSON in the tests. */
    static JsonNode json(String body) throws JsonProcessingException {
        return MAPPER.readTree(body.replace('\'', '"'));
    }

    static <T> T read(JsonNode json, Class<T> type) throws JsonProcessingException {
        return new RequestBodies(MAPPER).read(json, type);
    }

    /**
     * The message of a refused request, which names every problem in the order of the answer (its
     * {@code errors} map keeps no order).
     */
    static String refusal(ThrowingCallable reading) {
        StringBuilder message = new StringBuilder();
        assertThatThrownBy(reading).isInstanceOfSatisfying(ApiProblem.class, problem -> message.append(problem.getMessage()));
        return message.toString();
    }

    /** The message that names these problems, each a field and its message ({@code "name is required"}). */
    static String invalid(String... problems) {
        return "The request is invalid: " + String.join("; ", problems);
    }
}
