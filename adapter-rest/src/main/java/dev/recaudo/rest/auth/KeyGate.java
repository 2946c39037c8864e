package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.AuthenticationResult;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.reflect.Method;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The checks every key-based family makes, in the same order and with the same meaning: who is
 * calling (401), whether they are over their rate (429), whether their company and permissions
 * allow the operation (403), and whether a money operation has the company's financial
 * configuration (503). Families differ only in their envelope and buckets. The key is looked up
 * first, always: a revoked key is {@code 401} on its very next use, whatever its rate.
 */
@ApplicationScoped
public class KeyGate {

    private final ApiKeyAuthenticationUseCase authentication;
    private final RateLimiter limiter;
    private final Caller caller;
    private final Clock clock;

    public KeyGate(ApiKeyAuthenticationUseCase authentication, RateLimiter limiter, Caller caller, Clock clock) {
        this.authentication = authentication;
        this.limiter = limiter;
        this.caller = caller;
        this.clock = clock;
    }

    public KeyPrincipal authenticate(Optional<String> presentedKey) {
        if (presentedKey.isEmpty()) {
            throw new ApiProblem(Problem.AUTHENTICATION, "An API key is required");
        }
        return admit(authentication.authenticate(presentedKey.get()));
    }

    /** Admits an authentication result: a revoked or unknown key is a 401 like a missing one. */
    public KeyPrincipal admit(AuthenticationResult result) {
        if (result instanceof AuthenticationResult.Authenticated authenticated) {
            caller.authenticated(authenticated.principal());
            return authenticated.principal();
        }
        throw new ApiProblem(Problem.AUTHENTICATION, "The API key is invalid or revoked");
    }

    /**
     * Counts the request in its bucket. A refusal writes nothing, and once this instance has seen
     * the bucket's window full it refuses without the store until the window ends
     * ({@link RateLimiter}), so a flood's refusal costs the key's one lookup and nothing more.
     */
    public void limit(String bucket, RateLimitPolicy policy) {
        RateLimitDecision decision = limiter.consume(bucket, policy);
        caller.rateLimited(decision);
        if (!decision.allowed()) {
            throw new ApiProblem(Problem.RATE_LIMITED,
                    "Rate limit of " + decision.limit() + " requests per window exceeded",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(decision.retryAfterSeconds(clock.instant()))));
        }
    }

    /** The key's use, written once its request is admitted (at most once a minute per key). */
    public void recordUse(KeyPrincipal principal) {
        authentication.recordUse(principal);
    }

    /** The company is enabled, the key has the method's permission, and a money operation has its configuration. */
    public void authorize(KeyPrincipal principal, Method resourceMethod) {
        if (!principal.companyEnabled()) {
            throw new ApiProblem(Problem.FORBIDDEN, "The company of this key is not enabled");
        }
        Credentials.requiredPermission(resourceMethod).ifPresent(required -> {
            if (Arrays.stream(required.value()).noneMatch(principal::allows)) {
                throw new ApiProblem(Problem.FORBIDDEN, "The API key lacks the permission "
                        + Arrays.stream(required.value()).map(Permission::wireName).collect(Collectors.joining(" or ")));
            }
        });
        boolean movesMoney = resourceMethod.isAnnotationPresent(MovesMoney.class)
                || resourceMethod.getDeclaringClass().isAnnotationPresent(MovesMoney.class);
        if (movesMoney && principal.companyReferenceCurrency().isEmpty()) {
            throw ApiProblem.noFinancialConfiguration();
        }
    }
}
