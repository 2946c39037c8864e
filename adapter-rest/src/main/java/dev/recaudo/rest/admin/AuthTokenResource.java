package dev.recaudo.rest.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.application.admin.LoginAttempts;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AccessTokens;
import dev.recaudo.rest.auth.AdminApiFilter;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.ClientAddresses;
import dev.recaudo.rest.common.Problem;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Administrator login: e-mail and password for a signed token naming the administrator's company.
 * An administrator of a disabled company gets {@code 403} after the right password, never a token.
 * Failed logins are counted ({@link LoginAttempts}); successful ones are not, so knowing an
 * administrator's e-mail address is not enough to keep them out.
 */
@Path("/auth/token")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Administration")
public class AuthTokenResource {

    @Inject
    AdminAuthenticationUseCase authentication;

    @Inject
    AccessTokens tokens;

    /** Failed logins, counted per e-mail and client address, per address and per e-mail, against password guessing. */
    @Inject
    LoginAttempts attempts;

    @Inject
    ClientAddresses addresses;

    @Inject
    Clock clock;

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
        if (AdminUser.normalizeEmail(body.email()).length() > EmailAddress.LENGTH_MAX) {
            // No administrator has such an address; nothing to count or to check.
            throw wrongCredentials();
        }
        LoginAttempts.Admission admission = attempts.admit(body.email(), addresses.of(http));
        if (admission instanceof LoginAttempts.Admission.Refused refused) {
            throw new ApiProblem(Problem.RATE_LIMITED, "Too many failed login attempts; try again later", Map.of(),
                    Map.of("Retry-After", Long.toString(refused.decision().retryAfterSeconds(clock.instant()))));
        }
        LoginAttempts.Attempt attempt = ((LoginAttempts.Admission.Admitted) admission).attempt();
        AdminAuthentication result = authentication.authenticate(body.email(), body.password());
        if (result instanceof AdminAuthentication.Authenticated authenticated) {
            attempts.succeeded(attempt);
            caller.authenticated(authenticated.admin()); // the login names its actor for the audit trail
            AccessTokens.IssuedToken token = tokens.issueAdmin(authenticated.admin());
            return new TokenResponse(token.accessToken(), "Bearer", token.expiresInSeconds());
        }
        throw switch (((AdminAuthentication.Rejected) result).reason()) {
            case INVALID_CREDENTIALS -> wrongCredentials();
            case COMPANY_DISABLED -> {
                attempts.succeeded(attempt); // the right password: no failure to count
                yield AdminApiFilter.companyDisabled();
            }
        };
    }

    private static ApiProblem wrongCredentials() {
        return new ApiProblem(Problem.AUTHENTICATION, "Wrong e-mail or password");
    }
}
