package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.common.Routes;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.time.Duration;

/**
 * Public invoice API and messaging query. Requests are counted per key, method and route
 * template, {@code recaudo.rate-limit.public.limit} per {@code window-seconds} (300 per 60 s).
 */
@Provider
@PublicApi
@Priority(Priorities.AUTHENTICATION)
public class PublicApiFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    KeyGate gate;

    /** Looked up per request: filters are built at static init, before runtime configuration exists. */
    @Inject
    Instance<RestSettings> settings;

    @Override
    public void filter(ContainerRequestContext request) {
        KeyPrincipal principal = gate.authenticate(Credentials.bearer(request));
        Method method = resource.getResourceMethod();
        gate.limit("public:" + principal.key().id() + ":" + request.getMethod() + ":" + Routes.templateOf(method),
                new RateLimitPolicy(settings.get().rateLimit().publicApi().limit(),
                        Duration.ofSeconds(settings.get().rateLimit().publicApi().windowSeconds())));
        gate.authorize(principal, method);
    }
}
