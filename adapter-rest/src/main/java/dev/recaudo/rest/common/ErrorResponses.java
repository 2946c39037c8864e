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

    public Response render(ApiProblem problem, ContainerRequestContext request) {
        String path = request.getUriInfo().getRequestUri().getRawPath();
        String requestId = request.getHeaderString(RequestIds.HEADER);
        ErrorFamily family = ErrorFamily.forPath(path);
        Response.ResponseBuilder response = Response.status(family.status(problem.problem()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(family.body(
                        problem.problem(), problem.getMessage(), problem.errors(), requestId, path, clock.instant()));
        problem.headers().forEach(response::header);
        return response.build();
    }
}
