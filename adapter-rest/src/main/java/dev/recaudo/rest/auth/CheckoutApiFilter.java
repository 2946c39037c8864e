package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Checkout helper: a short-lived access token from {@code POST /checkout/token}. The token names
 * the key it was derived from, and that key must still be active, so revoking the key closes its
 * checkout tokens too. Counted against the key's {@code rateLimitRpm}, like its X-API-Key calls.
 */
@Provider
@CheckoutApi
@Priority(Priorities.AUTHENTICATION)
public class CheckoutApiFilter extends KeyFilter {

    @Inject
    AccessTokens tokens;

    @Inject
    ApiKeyAuthenticationUseCase authentication;

    @Override
    Optional<String> presented(ContainerRequestContext request) {
        return Credentials.bearer(request);
    }

    @Override
    KeyPrincipal authenticate(ContainerRequestContext request) {
        AccessTokens.CheckoutClaims claims = presented(request)
                .flatMap(tokens::verifyCheckout)
                .orElseThrow(() -> new ApiProblem(Problem.AUTHENTICATION, "A valid checkout access token is required"));
        return gate.admit(authentication.authenticateById(claims.companyId(), claims.keyId()));
    }

    @Override
    void count(KeyPrincipal principal, ContainerRequestContext request) {
        countAtKeyRate(principal);
    }
}
