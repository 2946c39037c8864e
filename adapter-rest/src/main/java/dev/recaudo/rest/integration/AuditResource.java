package dev.recaudo.rest.integration;

import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The company's audit trail of integrations writes, by the request id each answer carried. */
@Path("/integrations/v1/{companyId}/audit/{requestId}")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Integrations")
@SecurityRequirement(name = "integrationsSignature")
public class AuditResource {

    private final AuditLog audit;
    private final Caller caller;

    public AuditResource(AuditLog audit, Caller caller) {
        this.audit = audit;
        this.caller = caller;
    }

    public record AuditEntry(UUID id, String requestId, UUID apiKeyId, String operation, int httpStatus, String outcome,
            String detail, boolean test, Instant createdAt) {
        static AuditEntry of(AuditRecord record) {
            return new AuditEntry(record.id(), record.requestId(), record.apiKeyId().orElse(null), record.operation(),
                    record.httpStatus(), record.outcome(), record.detail().orElse(null), record.scope().isTest(),
                    record.createdAt());
        }
    }

    public record AuditAnswer(String requestId, List<AuditEntry> records) {}

    @GET
    public AuditAnswer byRequestId(@PathParam("companyId") String companyId, @PathParam("requestId") String requestId) {
        List<AuditEntry> records = audit.byRequestId(caller.key().companyId(), requestId).stream().map(AuditEntry::of).toList();
        if (records.isEmpty()) {
            throw new ApiProblem(Problem.NOT_FOUND, "No audit record for this request id");
        }
        return new AuditAnswer(requestId, records);
    }
}
