package dev.recaudo.rest.auth;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Platform operator: {@code Authorization: Bearer <RECAUDO_OPERATOR_TOKEN>}, compared in constant
 * time. Without a configured token the operator API is disabled and answers 403 to everyone.
 */
@Provider
@OperatorApi
@Priority(Priorities.AUTHENTICATION)
public class OperatorApiFilter implements ContainerRequestFilter {

    /** Looked up per request: filters are built at static init, before runtime configuration exists. */
    @Inject
    Instance<RestSettings> settings;

    @Inject
    Caller caller;

    @Override
    public void filter(ContainerRequestContext request) {
        String configured = settings.get().operator().token().filter(t -> !t.isBlank()).orElseThrow(() -> new ApiProblem(
                Problem.FORBIDDEN, "The operator API is disabled: RECAUDO_OPERATOR_TOKEN is not set"));
        String presented = Credentials.bearer(request)
                .orElseThrow(() -> new ApiProblem(Problem.AUTHENTICATION, "The operator token is required"));
        if (!MessageDigest.isEqual(configured.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8))) {
            throw new ApiProblem(Problem.AUTHENTICATION, "The operator token is invalid");
        }
        caller.authenticatedAsOperator();
    }
}
