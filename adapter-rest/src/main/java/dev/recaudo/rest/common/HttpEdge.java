package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.trace.Span;
import io.quarkus.arc.All;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The first handler of every HTTP request, before any resource matches: fixes the request id,
 * hands the access log and the request's span a path and a query string with credentials masked
 * (and the span the client's address as {@link ClientAddresses} trusts it), and refuses, in the
 * family's envelope, paths and queries that decode to a control character, paths with dot segments
 * or matrix parameters, an idempotency header sent twice, and bodies that declare a length
 * over the limit. Bodies sent in chunks are bounded as they are read ({@link BodyLimit}); the HTTP
 * server's own limit, set higher, is only a backstop.
 */
@ApplicationScoped
public class HttpEdge {

    /**
     * Routing-context key of the query string the access log writes
     * ({@code %{d,recaudo.logged-query}} in {@code quarkus.http.access-log.pattern}).
     */
    public static final String LOGGED_QUERY_KEY = "recaudo.logged-query";

    /**
     * Routing-context key of the path the access log writes ({@code %{d,recaudo.logged-path}}): the
     * path with a hosted page's checkout id and anything shaped like a credential masked ({@link LoggedPath}).
     */
    public static final String LOGGED_PATH_KEY = "recaudo.logged-path";

    /** The headers that carry a write's idempotency key, in every family: each may be sent once. */
    private static final List<String> IDEMPOTENCY_HEADERS =
            List.of(IdempotentWrites.INTEGRATIONS_HEADER, IdempotentWrites.PUBLIC_HEADER);

    private final ObjectMapper json;
    private final Clock clock;
    private final long bodyBytesMax;
    private final long statementBytesMax;
    private final List<ErrorPages> pages;
    private final ClientAddresses clients;

    public HttpEdge(ObjectMapper json, Clock clock, RestSettings settings, @All List<ErrorPages> pages, ClientAddresses clients) {
        this.json = json;
        this.clock = clock;
        this.bodyBytesMax = settings.http().bodyBytesMax();
        this.statementBytesMax = settings.bankStatements().maxBytes();
        this.pages = pages;
        this.clients = clients;
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        String requestId = RequestIds.acceptOrCreate(context.request().getHeader(RequestIds.HEADER));
        context.request().headers().set(RequestIds.HEADER, requestId);
        context.response().putHeader(RequestIds.HEADER, requestId);
        RequestIds.begin(requestId);
        String loggedQuery = AccessLogQuery.redact(context.request().query());
        String loggedPath = ClientText.forLog(LoggedPath.of(context.request().path()));
        context.put(LOGGED_QUERY_KEY, loggedQuery);
        context.put(LOGGED_PATH_KEY, loggedPath);
        TracedRequestMasking.describe(Span.current(), loggedPath, loggedQuery, clients.literal(context.request()));
        Optional<String> controlled = partWithControlCharacter(context.request().uri());
        if (controlled.isPresent()) {
            refuse(context, requestId, ApiProblem.validation(controlled.get(),
                    "must not contain control characters (U+0000 to U+001F, U+007F), percent-encoded or not"));
            return;
        }
        if (!isPlainPath(context.request().uri())) {
            refuse(context, requestId, ApiProblem.validation("path",
                    "must not contain '.' or '..' segments or ';': a path is routed and signed exactly as sent"));
            return;
        }
        Optional<String> repeated = repeatedIdempotencyHeader(context.request().headers());
        if (repeated.isPresent()) {
            refuse(context, requestId, ApiProblem.validation(repeated.get(),
                    "must be sent once: with two values, which one names the request would be a guess"));
            return;
        }
        long limit = StatementBody.Route.isImport(context.request().path()) ? statementBytesMax : bodyBytesMax;
        if (declaredLength(context) > limit) {
            refuse(context, requestId, new ApiProblem(Problem.PAYLOAD_TOO_LARGE,
                    "The request body is larger than " + limit + " bytes"));
            return;
        }
        context.next();
    }

    /**
     * The idempotency header a request carries more than once, if any. A write's identity must be
     * one value; processing the first would answer a client that sent two (or a proxy that added
     * one) under a key it may not have meant.
     */
    static Optional<String> repeatedIdempotencyHeader(MultiMap headers) {
        return IDEMPOTENCY_HEADERS.stream().filter(name -> headers.getAll(name).size() > 1).findFirst();
    }

    /**
     * The part of a request target that decodes to a control character: {@code path}, the decoded
     * name of a query parameter, or {@code query} when the name itself has one. Control characters
     * are found without decoding: percent-decoding gives bytes, and in UTF-8 a byte below 0x80 is
     * always the character of that code (bytes of longer sequences are 0x80 and above), so {@code %00}
     * to {@code %1F} and {@code %7F} are exactly the escapes that decode to one.
     */
    static Optional<String> partWithControlCharacter(String target) {
        int query = target.indexOf('?');
        if (hasControlCharacter(query < 0 ? target : target.substring(0, query))) {
            return Optional.of("path");
        }
        if (query < 0) {
            return Optional.empty();
        }
        for (String parameter : target.substring(query + 1).split("&")) {
            int equals = parameter.indexOf('=');
            String name = equals < 0 ? parameter : parameter.substring(0, equals);
            if (hasControlCharacter(name)) {
                return Optional.of("query");
            }
            if (equals >= 0 && hasControlCharacter(parameter.substring(equals + 1))) {
                return Optional.of(PercentEscapes.decoded(name));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the path of a request target means what it spells: no {@code .} or {@code ..}
     * segment, percent-encoded or not, and no {@code ;} (matrix parameters). The server would
     * resolve or drop those before routing, so the path a route sees would differ from the path the
     * partner signed, and a proxy's allow-list by prefix could be walked past.
     */
    static boolean isPlainPath(String target) {
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        if (path.indexOf(';') >= 0) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            String name = PercentEscapes.decoded(segment);
            if (name.equals(".") || name.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasControlCharacter(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            if (ClientText.isControl(raw.charAt(i))) {
                return true;
            }
            if (raw.charAt(i) == '%' && i + 2 < raw.length()) {
                int high = Character.digit(raw.charAt(i + 1), 16);
                int low = Character.digit(raw.charAt(i + 2), 16);
                if (high >= 0 && low >= 0 && ClientText.isControl(high * 16 + low)) {
                    return true;
                }
            }
        }
        return false;
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
        String path = pathWithinApplication(context);
        ErrorFamily family = ErrorFamily.forRequest(path, context.request().getHeader(ErrorResponses.SIGNATURE_HEADER) != null);
        if (family == ErrorFamily.PAGE) {
            ErrorPages.ErrorPage page = ErrorPages.of(pages, path).render(family.status(problem.problem()),
                    context.request().getHeader(HttpHeaders.ACCEPT_LANGUAGE), path);
            page.headers().forEach(context.response()::putHeader);
            context.response()
                    .setStatusCode(family.status(problem.problem()))
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/html;charset=utf-8")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(page.html());
            return;
        }
        String body;
        try {
            body = json.writeValueAsString(family.body(problem.problem(), problem.getMessage(), problem.errors(), requestId,
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
