package dev.recaudo.rest.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.company.CompanyId;
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
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes one audit record for every call of an {@link Audited} operation made by an authenticated
 * administrator or by the operator, whatever its answer: company, actor, operation, target, request
 * id, HTTP status and outcome. Only ids and names are recorded, never a body: the answers of these
 * operations carry key texts and secrets. A call refused before its caller was authenticated has no
 * actor and leaves no record (the access log keeps it).
 */
@Provider
@Audited
@Priority(Priorities.USER)
public class AdministrationAudit implements ContainerResponseFilter {

    @Context
    ResourceInfo resource;

    @Inject
    Caller caller;

    @Inject
    AuditWriter writer;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Method method = resource.getResourceMethod();
        Optional<AuditActor> actor = actor();
        if (method == null || actor.isEmpty()) {
            return;
        }
        Optional<UUID> company = caller.adminIfAuthenticated().map(admin -> admin.companyId().value())
                .or(() -> pathId(request, "companyId"))
                .or(caller::resultId);
        if (company.isEmpty()) {
            return; // an operator's call that names no company: nothing to file it under
        }
        String target = method.getAnnotation(Audited.class).target();
        Optional<UUID> targetId = target.isEmpty() ? caller.resultId() : pathId(request, target);
        Optional<String> detail = caller.outcomeDetail().or(() -> target.isEmpty()
                ? Optional.empty() : caller.resultId().map(id -> "created " + id));
        writer.write(request, new CompanyId(company.get()), actor.get(), request.getMethod() + " " + Routes.templateOf(method),
                targetId, new AuditWriter.Answer(response.getStatus(), caller.outcome().orElseGet(() -> outcomeOf(response)),
                        detail));
    }

    private Optional<AuditActor> actor() {
        if (caller.adminIfAuthenticated().isPresent()) {
            return Optional.of(new AuditActor.Administrator(caller.admin().adminUserId()));
        }
        return caller.isOperator() ? Optional.of(new AuditActor.Operator()) : Optional.empty();
    }

    /** A path parameter that is an id; one that is not (a refused call) names no object. */
    private static Optional<UUID> pathId(ContainerRequestContext request, String name) {
        String text = request.getUriInfo().getPathParameters().getFirst(name);
        try {
            return Optional.ofNullable(text).map(UUID::fromString);
        } catch (IllegalArgumentException notAnId) {
            return Optional.empty();
        }
    }

    /** The error envelope's code name ({@code not_found}, {@code conflict}...), else {@code ok} or {@code error}. */
    private static String outcomeOf(ContainerResponseContext response) {
        if (response.getEntity() instanceof JsonNode body && body.path("code_name").isTextual()) {
            return body.path("code_name").textValue();
        }
        return response.getStatus() < 400 ? "ok" : "error";
    }
}
