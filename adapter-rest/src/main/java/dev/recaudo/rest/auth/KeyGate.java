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
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The checks every key-based family makes, in the same order and with the same meaning: who is
 * calling (401), whether they are over their rate (429), whether their company and permissions
 * allow the operation (403), and whether a money operation has the company's financial
 * configuration (503). Families differ only in their envelope and buckets.
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
     * Refuses at once, before the key is looked up, a credential that this instance saw refused on
     * the same operation in a window that has not ended: a flood's refusals then cost no statement.
     * The credential is kept only as a hash. Until that window ends such a credential is answered
     * {@code 429} even if its key was revoked meanwhile; it is refused either way.
     */
    public void refuseIfExhausted(String presentedCredential, String operation) {
        String name = "credential:" + sha256Hex(presentedCredential) + ":" + operation;
        caller.refusalName(name);
        limiter.knownRefusal(name).ifPresent(this::refuse);
    }

    public void limit(String bucket, RateLimitPolicy policy) {
        RateLimitDecision decision = limiter.consume(bucket, policy);
        caller.rateLimited(decision);
        if (!decision.allowed()) {
            caller.refusalName().ifPresent(name -> limiter.rememberRefusal(name, decision));
            refuse(decision);
        }
    }

    private void refuse(RateLimitDecision decision) {
        caller.rateLimited(decision);
        throw new ApiProblem(Problem.RATE_LIMITED,
                "Rate limit of " + decision.limit() + " requests per window exceeded",
                Map.of(),
                Map.of("Retry-After", Long.toString(decision.retryAfterSeconds(clock.instant()))));
    }

    private static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
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
