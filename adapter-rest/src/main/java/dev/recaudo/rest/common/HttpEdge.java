package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.util.Map;
import org.jboss.logging.MDC;

/**
 * The first handler of every HTTP request, before any resource matches: fixes the request id,
 * hands the access log a query string with credentials masked, and refuses bodies that declare a
 * length over the limit, in the family's envelope. Bodies sent in chunks are bounded as they are
 * read ({@link BodyLimit}); the HTTP server's own limit, set higher, is only a backstop.
 */
@ApplicationScoped
public class HttpEdge {

    /**
     * Routing-context key of the query string the access log writes
     * ({@code %{d,recaudo.logged-query}} in {@code quarkus.http.access-log.pattern}).
     */
    public static final String LOGGED_QUERY_KEY = "recaudo.logged-query";

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
        context.put(LOGGED_QUERY_KEY, AccessLogQuery.redact(context.request().query()));
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
        ErrorFamily family = ErrorFamily.forPath(pathWithinApplication(context));
        String body;
        try {
            body = json.writeValueAsString(family.body(problem.problem(), problem.getMessage(), Map.of(), requestId,
                    sentPath(context.request()), clock.instant()));
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
        context.response()
                .setStatusCode(family.status(problem.problem()))
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(body);
    }

    /**
     * The path the routes see: without {@code quarkus.http.root-path}, where this router is mounted.
     * A trusted proxy's {@code X-Forwarded-Prefix} is never in it: Quarkus adds that to the URI only.
     */
    private static String pathWithinApplication(RoutingContext context) {
        String path = context.normalizedPath();
        String mountPoint = context.mountPoint();
        if (mountPoint == null) {
            return path;
        }
        String mount = mountPoint.endsWith("/") ? mountPoint.substring(0, mountPoint.length() - 1) : mountPoint;
        return path.startsWith(mount + "/") ? path.substring(mount.length()) : path;
    }

    /** The path as the client sent it: root path included, and a trusted proxy's prefix in front. */
    private static String sentPath(HttpServerRequest request) {
        String uri = request.uri();
        if (!uri.startsWith("/")) {
            return request.path();
        }
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }
}
