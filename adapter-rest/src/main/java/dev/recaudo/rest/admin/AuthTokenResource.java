package dev.recaudo.rest.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AccessTokens;
import dev.recaudo.rest.auth.AdminApiFilter;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
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
 */
@Path("/auth/token")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Administration")
public class AuthTokenResource {

    private final AdminAuthenticationUseCase authentication;
    private final AccessTokens tokens;
    private final RateLimiter limiter;
    private final Clock clock;
    private final Caller caller;
    /** Login attempts per e-mail address and minute, against password guessing. */
    private final RateLimitPolicy attempts;

    public AuthTokenResource(AdminAuthenticationUseCase authentication, AccessTokens tokens, RateLimiter limiter, Clock clock,
            RestSettings settings, Caller caller) {
        this.authentication = authentication;
        this.tokens = tokens;
        this.limiter = limiter;
        this.clock = clock;
        this.caller = caller;
        this.attempts = RateLimitPolicy.perMinute(settings.admin().loginAttemptsPerMinute());
    }

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
    public TokenResponse issue(LoginRequest body) {
        if (body == null || body.email() == null || body.password() == null) {
            throw new ApiProblem(Problem.AUTHENTICATION, "E-mail and password are required");
        }
        RateLimitDecision decision = limiter.consumeUnauthenticated(
                "login:" + AdminUser.normalizeEmail(body.email()), attempts);
        if (!decision.allowed()) {
            throw new ApiProblem(Problem.RATE_LIMITED, "Too many login attempts; try again later", Map.of(),
                    Map.of("Retry-After", Long.toString(decision.retryAfterSeconds(clock.instant()))));
        }
        AdminAuthentication result = authentication.authenticate(body.email(), body.password());
        if (result instanceof AdminAuthentication.Authenticated authenticated) {
            caller.authenticated(authenticated.admin()); // the login names its actor for the audit trail
            AccessTokens.IssuedToken token = tokens.issueAdmin(authenticated.admin());
            return new TokenResponse(token.accessToken(), "Bearer", token.expiresInSeconds());
        }
        throw switch (((AdminAuthentication.Rejected) result).reason()) {
            case INVALID_CREDENTIALS -> new ApiProblem(Problem.AUTHENTICATION, "Wrong e-mail or password");
            case COMPANY_DISABLED -> AdminApiFilter.companyDisabled();
        };
    }
}
