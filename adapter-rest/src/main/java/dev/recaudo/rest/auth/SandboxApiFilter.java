package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.time.Duration;
import java.util.Optional;

/**
 * Sandbox controls: when {@code RECAUDO_SANDBOX_ENABLED}, a test key (Bearer or X-API-Key) may act
 * as the hosted page and the payment network would. Live keys get 403; with the sandbox disabled
 * the controls do not exist (404).
 */
@Provider
@SandboxApi
@Priority(Priorities.AUTHENTICATION)
public class SandboxApiFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    KeyGate gate;

    /** Looked up per request: filters are built at static init, before runtime configuration exists. */
    @Inject
    Instance<RestSettings> settings;

    @Override
    public void filter(ContainerRequestContext request) {
        if (!settings.get().sandbox().enabled()) {
            throw new ApiProblem(Problem.NOT_FOUND, "The sandbox is disabled on this server");
        }
        Optional<String> presented = Credentials.bearer(request)
                .or(() -> Optional.ofNullable(request.getHeaderString(ExternalPaymentsApiFilter.HEADER)));
        KeyPrincipal principal = gate.authenticate(presented);
        gate.limit("sandbox:" + principal.key().id(), new RateLimitPolicy(settings.get().rateLimit().publicApi().limit(),
                Duration.ofSeconds(settings.get().rateLimit().publicApi().windowSeconds())));
        if (principal.key().environment() != KeyEnvironment.TEST) {
            throw new ApiProblem(Problem.FORBIDDEN, "Sandbox controls take test keys only");
        }
        gate.authorize(principal, resource.getResourceMethod());
    }
}
