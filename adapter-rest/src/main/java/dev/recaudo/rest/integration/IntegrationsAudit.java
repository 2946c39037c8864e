package dev.recaudo.rest.integration;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.rest.audit.AuditWriter;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Routes;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Writes one audit record for every write request of the integrations API made with a valid key
 * of the path's company, whatever its answer: request id, key and its partner, operation, HTTP
 * status and outcome. The record is written after the request's own transaction ended, so
 * failures are recorded too.
 */
@Provider
@IntegrationsApi
@Priority(Priorities.USER)
public class IntegrationsAudit implements ContainerResponseFilter {

    @Context
    ResourceInfo resource;

    @Inject
    Caller caller;

    @Inject
    AuditWriter writer;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!"POST".equals(request.getMethod())) {
            return;
        }
        Optional<KeyPrincipal> key = caller.keyIfAuthenticated();
        String pathCompany = request.getUriInfo().getPathParameters().getFirst("companyId");
        if (key.isEmpty() || !key.get().companyId().toString().equalsIgnoreCase(pathCompany)) {
            return; // no company to file the record under, or someone else's company
        }
        String operation = request.getMethod() + " " + routeOf(request);
        String outcome = caller.outcome().orElseGet(() -> errorCode(response).orElse(response.getStatus() < 400 ? "ok" : "error"));
        AuditActor actor = new AuditActor.PartnerKey(key.get().key().id(), PartnerScope.of(key.get().key()),
                key.get().scope().environment());
        writer.write(request, key.get().companyId(), actor, operation, Optional.empty(),
                new AuditWriter.Answer(response.getStatus(), outcome, caller.outcomeDetail()));
    }

    private String routeOf(ContainerRequestContext request) {
        return resource.getResourceMethod() == null
                ? request.getUriInfo().getPath()
                : Routes.templateOf(resource.getResourceMethod());
    }

    private static Optional<String> errorCode(ContainerResponseContext response) {
        if (response.getEntity() instanceof JsonNode body && body.path("error").path("code").isTextual()) {
            return Optional.of(body.path("error").path("code").textValue());
        }
        return Optional.empty();
    }
}
