package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Sandbox controls: when {@code RECAUDO_SANDBOX_ENABLED}, a test key (Bearer or X-API-Key) may act
 * as the hosted page and the payment network would. Live keys get 403; with the sandbox disabled
 * the controls do not exist (404).
 */
@Provider
@SandboxApi
@Priority(Priorities.AUTHENTICATION)
public class SandboxApiFilter extends KeyFilter {

    @Override
    Optional<String> presented(ContainerRequestContext request) {
        return Credentials.bearer(request)
                .or(() -> Optional.ofNullable(request.getHeaderString(ExternalPaymentsApiFilter.HEADER)));
    }

    /** A disabled sandbox has no such route, which no key changes: {@code 404} before the key is looked up. */
    @Override
    KeyPrincipal authenticate(ContainerRequestContext request) {
        if (!settings.get().sandbox().enabled()) {
            throw new ApiProblem(Problem.NOT_FOUND, "The sandbox is disabled on this server");
        }
        return super.authenticate(request);
    }

    @Override
    void count(KeyPrincipal principal, ContainerRequestContext request) {
        gate.limit("sandbox:" + principal.key().id(), publicRate());
    }

    @Override
    void admit(KeyPrincipal principal, ContainerRequestContext request) {
        if (principal.key().environment() != KeyEnvironment.TEST) {
            throw new ApiProblem(Problem.FORBIDDEN, "Sandbox controls take test keys only");
        }
    }
}
