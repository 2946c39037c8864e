package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.rest.common.Routes;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Public invoice API and messaging query. Requests are counted per key, method and route
 * template, {@code recaudo.rate-limit.public.limit} per {@code window-seconds} (300 per 60 s).
 */
@Provider
@PublicApi
@Priority(Priorities.AUTHENTICATION)
public class PublicApiFilter extends KeyFilter {

    @Override
    Optional<String> presented(ContainerRequestContext request) {
        return Credentials.bearer(request);
    }

    @Override
    void count(KeyPrincipal principal, ContainerRequestContext request) {
        String route = Routes.templateOf(resource.getResourceMethod());
        gate.limit("public:" + principal.key().id() + ":" + request.getMethod() + ":" + route, publicRate());
    }
}
