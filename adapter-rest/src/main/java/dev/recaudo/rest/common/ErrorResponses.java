package dev.recaudo.rest.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;

/** Renders an {@link ApiProblem} as a response in the envelope of the request's family. */
@ApplicationScoped
public class ErrorResponses {

    private final Clock clock;

    public ErrorResponses(Clock clock) {
        this.clock = clock;
    }

    /**
     * The family comes from the path the routes matched, below the root path and without a proxy's
     * prefix; the {@code path} the envelope shows is the one the client sent, with both.
     */
    public Response render(ApiProblem problem, ContainerRequestContext request) {
        String path = request.getUriInfo().getRequestUri().getRawPath();
        String requestId = request.getHeaderString(RequestIds.HEADER);
        ErrorFamily family = ErrorFamily.forPath(request.getUriInfo().getPath());
        Response.ResponseBuilder response = Response.status(family.status(problem.problem()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(family.body(
                        problem.problem(), problem.getMessage(), problem.errors(), requestId, path, clock.instant()));
        problem.headers().forEach(response::header);
        return response.build();
    }
}
