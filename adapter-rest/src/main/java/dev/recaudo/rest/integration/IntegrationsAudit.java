package dev.recaudo.rest.integration;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.rest.audit.AuditWriter;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PendingAudit;
import dev.recaudo.rest.common.RequestIds;
import dev.recaudo.rest.common.Routes;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Leaves one audit record for every write request of the integrations API made with a valid key
 * of the path's company, whatever its answer: request id, key and its partner, operation, HTTP
 * status and outcome. Before the resource runs (after authentication), the record is drawn up and
 * left pending in {@link Caller}: a write whose work commits files it in that transaction
 * ({@code IdempotentWrites}). Any other answer (an error, a rollback, a replay, a refusal before the
 * work) gets its record here, after the request's own transaction ended, so failures are recorded too.
 */
@Provider
@IntegrationsApi
@Priority(Priorities.USER)
public class IntegrationsAudit implements ContainerRequestFilter, ContainerResponseFilter {

    @Context
    ResourceInfo resource;

    @Inject
    Caller caller;

    @Inject
    AuditWriter writer;

    @Override
    public void filter(ContainerRequestContext request) {
        pending(request).ifPresent(caller::auditPending);
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (caller.isAuditRecordedWithWork()) {
            return; // filed with the request's work, in its committed transaction
        }
        pending(request).ifPresent(audit -> writer.write(audit, new AuditWriter.Answer(response.getStatus(),
                caller.outcome().orElseGet(() -> errorCode(response).orElse(response.getStatus() < 400 ? "ok" : "error")),
                caller.outcomeDetail())));
    }

    /** The record of a write made with a key of the path's company, but for its answer. */
    private Optional<PendingAudit> pending(ContainerRequestContext request) {
        Optional<KeyPrincipal> key = caller.keyIfAuthenticated();
        String pathCompany = request.getUriInfo().getPathParameters().getFirst("companyId");
        String requestId = request.getHeaderString(RequestIds.HEADER);
        if (!"POST".equals(request.getMethod()) || key.isEmpty() || requestId == null
                || !key.get().companyId().toString().equalsIgnoreCase(pathCompany)) {
            return Optional.empty(); // no company to file the record under, or someone else's company
        }
        AuditActor actor = new AuditActor.PartnerKey(key.get().key().id(), PartnerScope.of(key.get().key()),
                key.get().scope().environment());
        return Optional.of(new PendingAudit(key.get().companyId(), actor, requestId,
                request.getMethod() + " " + routeOf(request), Optional.empty()));
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
