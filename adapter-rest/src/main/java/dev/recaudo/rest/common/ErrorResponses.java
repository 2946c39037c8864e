package dev.recaudo.rest.common;

import dev.recaudo.domain.metrics.OperationalMetrics;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.List;

/**
 * Renders an {@link ApiProblem} as a response in the envelope of the request's family (an HTML page
 * for {@link ErrorFamily#PAGE}), and counts the rate-limit refusals among them by {@link RateLimitFamily}.
 */
@ApplicationScoped
public class ErrorResponses {

    /** The integrations signature header: its presence makes a bank statement import a key's call. */
    static final String SIGNATURE_HEADER = "Service-Signature";

    @Inject
    Clock clock;

    @Inject
    @All
    List<ErrorPages> pages;

    @Inject
    OperationalMetrics metrics;

    /**
     * The family comes from the path the routes matched, below the root path and without a proxy's
     * prefix; the {@code path} the envelope shows is the one the client sent, with both.
     */
    public Response render(ApiProblem problem, ContainerRequestContext request) {
        String path = request.getUriInfo().getRequestUri().getRawPath();
        String requestId = request.getHeaderString(RequestIds.HEADER);
        ErrorFamily family = ErrorFamily.forRequest(request.getUriInfo().getPath(),
                request.getHeaderString(SIGNATURE_HEADER) != null);
        if (problem.problem() == Problem.RATE_LIMITED) {
            // Every 429 passes here, a remembered refusal included; counting it is an in-memory increment.
            metrics.rateLimited(RateLimitFamily.forPath(request.getUriInfo().getPath()).metricName());
        }
        int status = family.status(problem.problem());
        Response.ResponseBuilder response = Response.status(status);
        if (family == ErrorFamily.PAGE) {
            ErrorPages.ErrorPage page = ErrorPages.of(pages, request.getUriInfo().getPath())
                    .render(status, request.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE), request.getUriInfo().getPath());
            response.type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8")).entity(page.html());
            page.headers().forEach(response::header);
        } else {
            response.type(MediaType.APPLICATION_JSON_TYPE).entity(family.body(
                    problem.problem(), problem.getMessage(), problem.errors(), requestId, path, clock.instant()));
        }
        problem.headers().forEach(response::header);
        return response.build();
    }
}
