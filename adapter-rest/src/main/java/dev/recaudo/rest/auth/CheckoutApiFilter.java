package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.ApiProblem;
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
 * Checkout helper: a short-lived access token from {@code POST /checkout/token}. The token names
 * the key it was derived from, and that key must still be active, so revoking the key closes its
 * checkout tokens too. Counted against the key's {@code rateLimitRpm}, like its X-API-Key calls.
 */
@Provider
@CheckoutApi
@Priority(Priorities.AUTHENTICATION)
public class CheckoutApiFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    KeyGate gate;

    @Inject
    AccessTokens tokens;

    @Inject
    ApiKeyAuthenticationUseCase authentication;

    @Override
    public void filter(ContainerRequestContext request) {
        AccessTokens.CheckoutClaims claims = Credentials.bearer(request)
                .flatMap(tokens::verifyCheckout)
                .orElseThrow(() -> new ApiProblem(Problem.AUTHENTICATION, "A valid checkout access token is required"));
        KeyPrincipal principal = gate.admit(authentication.authenticateById(claims.companyId(), claims.keyId()));
        gate.limit("external:" + principal.key().id(), RateLimitPolicy.perMinute(principal.key().rateLimitRpm()));
        gate.authorize(principal, resource.getResourceMethod());
    }
}
