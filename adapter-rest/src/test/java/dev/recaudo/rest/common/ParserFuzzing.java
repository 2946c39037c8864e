package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import jakarta.validation.Validation;
import java.io.CharConversionException;
import java.io.IOException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.UUID;

/**
 * What the request parsers' fuzz targets share: the body read as the service reads it (its mapper,
 * with the bounded trees and strict coercions of {@link JsonSettings}), a partner's key, the
 * validator, and the one rule every target checks: whatever the bytes, the parser answers a request
 * or a problem the family's envelope renders as a {@code 4xx}, never another exception (a {@code 500}).
 */
public final class ParserFuzzing {

    public static final String SOURCE = "acme-erp";
    public static final ObjectMapper MAPPER = mapper();
    public static final RequestValidation VALIDATION = new RequestValidation(Validation.buildDefaultValidatorFactory());
    public static final RequestBodies BODIES = new RequestBodies(MAPPER);
    public static final KeyPrincipal KEY = new KeyPrincipal(new ApiKey(new ApiKeyId(UUID.randomUUID()),
            new ApiKeyId(UUID.randomUUID()), new CompanyId(UUID.randomUUID()), "partner", "rk_live_x", "hash",
            EnumSet.allOf(Permission.class), Optional.of(SOURCE), KeyEnvironment.LIVE, 60, Instant.EPOCH, Optional.empty(),
            Optional.empty()), true, Optional.of(CurrencyCode.USD));

    /** A parser given the raw body; it may throw what reading JSON throws. */
    @FunctionalInterface
    public interface Parsing {
        void parse(byte[] body) throws IOException;
    }

    private ParserFuzzing() {}

    private static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper();
        new JsonSettings().customize(mapper);
        return mapper;
    }

    /** The body as a {@code JsonNode} parameter receives it. */
    public static JsonNode tree(byte[] body) throws IOException {
        return MAPPER.readValue(body, JsonNode.class);
    }

    /** The body as an {@code ObjectNode} parameter receives it. */
    public static ObjectNode object(byte[] body) throws IOException {
        return MAPPER.readValue(body, ObjectNode.class);
    }

    /** The body as a request record parameter receives it (Jackson binds it before the resource runs). */
    public static <T> T bound(byte[] body, Class<T> type) throws IOException {
        return MAPPER.readValue(body, type);
    }

    /**
     * Runs the parser on the body and fails unless it answered a request or what {@link ErrorMappers}
     * renders as a {@code 4xx}: an {@link ApiProblem} of a client status, Jackson's refusal of text
     * that is not JSON or not the expected shape, or bytes that break the encoding they announce. A Jackson refusal caused by another runtime
     * exception is a bug that Jackson merely wrapped, and fails too.
     */
    public static void assertAnsweredWithoutServerError(byte[] body, Parsing parsing) {
        try {
            parsing.parse(body);
        } catch (ApiProblem problem) {
            requireClientStatus(problem);
        } catch (JsonProcessingException refused) {
            Throwable cause = refused.getCause();
            if (cause instanceof ApiProblem problem) {
                requireClientStatus(problem);
            } else if (cause instanceof RuntimeException bug) {
                throw new AssertionError("Jackson wrapped an unexpected exception", bug);
            }
        } catch (CharConversionException undecodable) {
            // ErrorMappers answers it as a malformed body: the bytes claimed UTF-16 or UTF-32 and broke it.
        } catch (IOException impossible) {
            throw new AssertionError("the body is in memory", impossible);
        }
    }

    private static void requireClientStatus(ApiProblem problem) {
        Problem kind = problem.problem();
        if (kind.publicStatus() >= 500 || kind.integrationsStatus() >= 500 || kind.publicStatus() < 400) {
            throw new AssertionError("a parser answered " + kind + ": " + problem.getMessage());
        }
    }
}
