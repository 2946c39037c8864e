package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * External payments API: {@code X-API-Key}, counted per key at the key's own
 * {@code rateLimitRpm} requests per minute.
 */
@Provider
@ExternalPaymentsApi
@Priority(Priorities.AUTHENTICATION)
public class ExternalPaymentsApiFilter extends KeyFilter {

    public static final String HEADER = "X-API-Key";

    @Override
    Optional<String> presented(ContainerRequestContext request) {
        return Optional.ofNullable(request.getHeaderString(HEADER)).map(String::trim).filter(k -> !k.isEmpty());
    }

    @Override
    void count(KeyPrincipal principal, ContainerRequestContext request) {
        countAtKeyRate(principal);
    }
}
