package dev.recaudo.rest.auth;

import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/**
 * Company administration: a valid admin JWT naming an administrator who still belongs to the
 * claimed company (looked up on every request), an enabled company, and the path's company must be
 * the token's. Another company's id is answered exactly like a company that does not exist, so an
 * administrator learns nothing about other tenants. {@code X-API-Key} is not a credential here.
 */
@Provider
@AdminApi
@Priority(Priorities.AUTHENTICATION)
public class AdminApiFilter implements ContainerRequestFilter {

    @Inject
    AccessTokens tokens;

    @Inject
    AdminAuthenticationUseCase authentication;

    @Inject
    Caller caller;

    @Context
    ResourceInfo resource;

    @Override
    public void filter(ContainerRequestContext request) {
        if (SignedKeyRoutes.isKeyCall(resource.getResourceMethod(), request)) {
            return; // a signed key's call of an operation that takes both: IntegrationsApiFilter checks it
        }
        AccessTokens.AdminClaims claims = Credentials.bearer(request)
                .flatMap(tokens::verifyAdmin)
                .orElseThrow(AdminApiFilter::invalidToken);
        AdminAuthentication result = authentication.authenticateById(claims.companyId(), claims.adminUserId());
        if (!(result instanceof AdminAuthentication.Authenticated authenticated)) {
            throw switch (((AdminAuthentication.Rejected) result).reason()) {
                case INVALID_CREDENTIALS -> invalidToken();
                case COMPANY_DISABLED -> companyDisabled();
            };
        }
        String companyId = request.getUriInfo().getPathParameters().getFirst("companyId");
        if (!authenticated.admin().companyId().toString().equalsIgnoreCase(companyId)) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such company");
        }
        if (authenticated.admin().role() != UserRole.ADMIN) {
            // A token issued before an administrator made them a viewer or a clerk: read fresh, refused now.
            throw notAnAdministrator();
        }
        caller.authenticated(authenticated.admin());
    }

    private static ApiProblem invalidToken() {
        return new ApiProblem(Problem.AUTHENTICATION, "A valid administrator token is required");
    }

    /** The administration API is for a company's administrators; its viewers and clerks use the console. */
    public static ApiProblem notAnAdministrator() {
        return new ApiProblem(Problem.FORBIDDEN, "The administration API is for administrators; sign in to the console instead");
    }

    /** Also answers a login with the right password: only the rightful administrator learns it. */
    public static ApiProblem companyDisabled() {
        return new ApiProblem(Problem.FORBIDDEN, "The company is disabled; its administration is closed");
    }
}
