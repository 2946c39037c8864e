package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.util.Map;
import org.jboss.logging.MDC;

/**
 * The first handler of every HTTP request, before any resource matches: fixes the request id and
 * refuses bodies over the size limit in the family's envelope. The HTTP server's own limit, set a
 * little higher, is the backstop for bodies that do not declare their length.
 */
@ApplicationScoped
public class HttpEdge {

    private final ObjectMapper json;
    private final Clock clock;
    private final long bodyBytesMax;

    public HttpEdge(ObjectMapper json, Clock clock, RestSettings settings) {
        this.json = json;
        this.clock = clock;
        this.bodyBytesMax = settings.http().bodyBytesMax();
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        String requestId = RequestIds.acceptOrCreate(context.request().getHeader(RequestIds.HEADER));
        context.request().headers().set(RequestIds.HEADER, requestId);
        context.response().putHeader(RequestIds.HEADER, requestId);
        MDC.put(RequestIds.MDC_KEY, requestId);
        if (declaredLength(context) > bodyBytesMax) {
            refuse(context, requestId, new ApiProblem(Problem.PAYLOAD_TOO_LARGE,
                    "The request body is larger than " + bodyBytesMax + " bytes"));
            return;
        }
        context.next();
    }

    private static long declaredLength(RoutingContext context) {
        String header = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (header == null) {
            return 0;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException unreadable) {
            return 0; // the HTTP codec rejects an unreadable length itself
        }
    }

    private void refuse(RoutingContext context, String requestId, ApiProblem problem) {
        String path = context.request().path();
        ErrorFamily family = ErrorFamily.forPath(path);
        String body;
        try {
            body = json.writeValueAsString(family.body(
                    problem.problem(), problem.getMessage(), Map.of(), requestId, path, clock.instant()));
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
        context.response()
                .setStatusCode(family.status(problem.problem()))
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(body);
    }
}
