package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.UnstorableValue;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.io.CharConversionException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every exception that reaches the HTTP edge into the family's envelope. Client mistakes
 * name the offending field; anything unexpected is logged with the request id and answered as a
 * sanitized 500 that never shows a class name or a stack trace.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    @Inject
    ErrorResponses responses;

    @ServerExceptionMapper
    public Response apiProblem(ApiProblem problem, ContainerRequestContext request) {
        return responses.render(problem, request);
    }

    @ServerExceptionMapper
    public Response unknownProperty(UnrecognizedPropertyException e, ContainerRequestContext request) {
        String field = fieldPath(e);
        return responses.render(new ApiProblem(Problem.VALIDATION, "Unknown property: " + field,
                Map.of(field, List.of("is not an accepted property"))), request);
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e, ContainerRequestContext request) {
        String field = fieldPath(e);
        if (field.isEmpty()) {
            return responses.render(new ApiProblem(Problem.MALFORMED_BODY, "The request body must be a JSON object"), request);
        }
        return responses.render(ApiProblem.validation(field, "has the wrong type"), request);
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonParseException e, ContainerRequestContext request) {
        return malformed(request);
    }

    @ServerExceptionMapper
    public Response unmappableJson(JsonMappingException e, ContainerRequestContext request) {
        if (e.getCause() instanceof ApiProblem refused) {
            // A deserializer refused a value it read (StorableStrings); Jackson wrapped its answer.
            return responses.render(refused, request);
        }
        String field = fieldPath(e);
        if (field.isEmpty()) {
            return malformed(request);
        }
        return responses.render(ApiProblem.validation(field, "is invalid"), request);
    }

    @ServerExceptionMapper
    public Response otherJson(JsonProcessingException e, ContainerRequestContext request) {
        return malformed(request);
    }

    /**
     * Jackson guesses a body's encoding from its first bytes; one that looks like UTF-16 or UTF-32
     * and then breaks it (three zero bytes and a character, found by fuzzing) fails in the decoder,
     * before the parser, with this rather than a {@link JsonProcessingException}.
     */
    @ServerExceptionMapper
    public Response undecodableJson(CharConversionException e, ContainerRequestContext request) {
        return malformed(request);
    }

    /** A chunked body past the limit: a client mistake, so no error log. The rest of it is still on its way. */
    @ServerExceptionMapper
    public Response bodyTooLarge(BodyLimit.TooLarge e, ContainerRequestContext request) {
        return responses.render(new ApiProblem(Problem.PAYLOAD_TOO_LARGE, e.getMessage(), Map.of(),
                Map.of("Connection", "close")), request);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, ContainerRequestContext request) {
        Throwable cause = e.getCause();
        Optional<BodyLimit.TooLarge> tooLarge = causeOf(cause, BodyLimit.TooLarge.class);
        if (tooLarge.isPresent()) {
            // Binding a record wraps the reader's failure in a mapping error of the field being read.
            return bodyTooLarge(tooLarge.get(), request);
        }
        if (cause instanceof MismatchedInputException mismatch) {
            return mismatchedInput(mismatch, request);
        }
        if (cause instanceof JsonMappingException mapping) {
            // Jackson failed on a value it could place (a number it could not convert): name the field.
            return unmappableJson(mapping, request);
        }
        if (cause instanceof JsonProcessingException) {
            // Not JSON, or beyond the parser's limits before any field was read (JsonSettings).
            return malformed(request);
        }
        ApiProblem problem;
        if (e instanceof NotFoundException) {
            problem = new ApiProblem(Problem.NOT_FOUND, "No such resource");
        } else if (e instanceof NotAllowedException) {
            problem = new ApiProblem(Problem.METHOD_NOT_ALLOWED,
                    "Method " + request.getMethod() + " is not allowed on this resource");
        } else if (e instanceof NotSupportedException) {
            problem = new ApiProblem(Problem.UNSUPPORTED_MEDIA_TYPE, "The request body must be application/json");
        } else if (e instanceof NotAcceptableException) {
            problem = new ApiProblem(Problem.NOT_ACCEPTABLE, "This resource answers application/json");
        } else if (e.getResponse().getStatus() == 413) {
            problem = new ApiProblem(Problem.PAYLOAD_TOO_LARGE, "The request body is too large");
        } else if (e.getResponse().getStatus() < 500) {
            problem = new ApiProblem(Problem.VALIDATION, "The request is invalid");
        } else {
            return unexpected(e, request);
        }
        return responses.render(problem, request);
    }

    /**
     * The database could not serve the request for now (out of connections, out of reach, shutting
     * down): nothing is wrong with the request, so the client is told when to send it again, with
     * the same {@code Idempotency-Key} for a write. One warning line, without a stack trace: the
     * cause is the database's state, which its own log and the pool's metrics tell.
     */
    @ServerExceptionMapper
    public Response storeUnavailable(StoreUnavailable e, ContainerRequestContext request) {
        LOG.warnf("database unavailable on %s %s: %s", request.getMethod(),
                loggedPath(request), SecretShapes.masked(e.getMessage()));
        return responses.render(ApiProblem.storeUnavailable(), request);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, ContainerRequestContext request) {
        Optional<UnstorableValue> unstorable = causeOf(e, UnstorableValue.class);
        if (unstorable.isPresent()) {
            return unstorable(unstorable.get(), request);
        }
        Optional<StoreUnavailable> unavailable = causeOf(e, StoreUnavailable.class);
        if (unavailable.isPresent()) {
            return storeUnavailable(unavailable.get(), request);
        }
        LOG.errorf(LoggedFailure.of(e), "unexpected failure on %s %s", request.getMethod(),
                loggedPath(request));
        return responses.render(new ApiProblem(Problem.INTERNAL, "Internal error; quote the request id to support"), request);
    }

    /**
     * The backstop of the text rules (ClientText): a value the database refused to encode came from
     * the request, so it is the client's mistake. One line without a stack trace tells the operator
     * which request got past the checks.
     */
    private Response unstorable(UnstorableValue e, ContainerRequestContext request) {
        LOG.warnf("a request check is missing: %s %s sent a value that %s", request.getMethod(),
                loggedPath(request), SecretShapes.masked(e.getMessage()));
        return responses.render(ApiProblem.validation("request",
                "contains text the database cannot store (such as the NUL character)"), request);
    }

    /** The request's path as an error line may show it: credentials masked, escaped. */
    private static String loggedPath(ContainerRequestContext request) {
        return ClientText.forLog(LoggedPath.of(request.getUriInfo().getPath()));
    }

    private static <T extends Throwable> Optional<T> causeOf(Throwable failure, Class<T> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
        }
        return Optional.empty();
    }

    private Response malformed(ContainerRequestContext request) {
        return responses.render(new ApiProblem(Problem.MALFORMED_BODY, "The request body is not valid JSON"), request);
    }

    /** The JSON path of the offending property, as the client wrote it (a.b[0].c). */
    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(reference -> reference.getFieldName() != null
                        ? "." + reference.getFieldName()
                        : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining())
                .replaceFirst("^\\.", "");
    }
}
