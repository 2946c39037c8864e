package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * External payments API: {@code X-API-Key}, counted per key at the key's own
 * {@code rateLimitRpm} requests per minute.
 */
@Provider
@ExternalPaymentsApi
@Priority(Priorities.AUTHENTICATION)
public class ExternalPaymentsApiFilter implements ContainerRequestFilter {

    public static final String HEADER = "X-API-Key";

    @Context
    ResourceInfo resource;

    @Inject
    KeyGate gate;

    @Override
    public void filter(ContainerRequestContext request) {
        KeyPrincipal principal = gate.authenticate(
                Optional.ofNullable(request.getHeaderString(HEADER)).map(String::trim).filter(k -> !k.isEmpty()));
        gate.limit("external:" + principal.key().id(), RateLimitPolicy.perMinute(principal.key().rateLimitRpm()));
        gate.authorize(principal, resource.getResourceMethod());
    }
}
