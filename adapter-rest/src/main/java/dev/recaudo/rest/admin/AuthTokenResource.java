package dev.recaudo.rest.admin;

import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AccessTokens;
import dev.recaudo.rest.auth.AdminApiFilter;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Administrator login: e-mail and password for a signed token naming the administrator's company.
 * An administrator of a disabled company gets {@code 403} after the right password, never a token;
 * so does a viewer or a clerk, who use the console (docs/console.md).
 * Failed logins are counted ({@link AdminLogins}).
 */
@Path("/auth/token")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Administration")
public class AuthTokenResource {

    @Inject
    AdminLogins logins;

    @Inject
    AccessTokens tokens;

    @Inject
    Caller caller;

    public record LoginRequest(@Schema(required = true) String email, @Schema(required = true) String password) {}

    @Schema(name = "AdminTokenResponse")
    public record TokenResponse(String accessToken, @Schema(enumeration = "Bearer") String tokenType,
            @Schema(description = "Seconds") long expiresIn) {}

    /** The login itself: the credentials are in the body, so the operation names no security scheme. */
    @POST
    @Audited
    @Operation(operationId = "issueAdminToken")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A token for the administrator's company")
    @APIResponse(responseCode = "401", ref = "PublicUnauthorized")
    @APIResponse(responseCode = "403", ref = "PublicForbidden")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @APIResponse(responseCode = "429", ref = "PublicTooManyRequests")
    public TokenResponse issue(LoginRequest body, @Context HttpServerRequest http) {
        if (body == null || body.email() == null || body.password() == null) {
            throw new ApiProblem(Problem.AUTHENTICATION, "E-mail and password are required");
        }
        AdminLogins.Login login = logins.login(body.email(), body.password(), http);
        if (login instanceof AdminLogins.Login.Succeeded succeeded) {
            caller.authenticated(succeeded.admin()); // the login names its actor for the audit trail
            if (succeeded.admin().role() != UserRole.ADMIN) {
                throw AdminApiFilter.notAnAdministrator();
            }
            AccessTokens.IssuedToken token = tokens.issueAdmin(succeeded.admin());
            return new TokenResponse(token.accessToken(), "Bearer", token.expiresInSeconds());
        }
        if (login instanceof AdminLogins.Login.TooManyFailures tooMany) {
            throw new ApiProblem(Problem.RATE_LIMITED, "Too many failed login attempts; try again later", Map.of(),
                    Map.of("Retry-After", Long.toString(tooMany.retryAfterSeconds())));
        }
        throw login instanceof AdminLogins.Login.CompanyDisabled ? AdminApiFilter.companyDisabled()
                : new ApiProblem(Problem.AUTHENTICATION, "Wrong e-mail or password");
    }
}
