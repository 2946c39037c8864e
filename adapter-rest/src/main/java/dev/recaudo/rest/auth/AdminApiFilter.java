package dev.recaudo.rest.auth;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Company administration: a valid admin JWT, and the path's company must be the token's. Another
 * company's id is answered exactly like a company that does not exist, so an administrator learns
 * nothing about other tenants. {@code X-API-Key} is not a credential here and is ignored.
 */
@Provider
@AdminApi
@Priority(Priorities.AUTHENTICATION)
public class AdminApiFilter implements ContainerRequestFilter {

    @Inject
    AccessTokens tokens;

    @Inject
    Caller caller;

    @Override
    public void filter(ContainerRequestContext request) {
        AdminPrincipal admin = Credentials.bearer(request)
                .flatMap(tokens::verifyAdmin)
                .orElseThrow(() -> new ApiProblem(Problem.AUTHENTICATION, "A valid administrator token is required"));
        String companyId = request.getUriInfo().getPathParameters().getFirst("companyId");
        if (!admin.companyId().toString().equalsIgnoreCase(companyId)) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such company");
        }
        caller.authenticated(admin);
    }
}
