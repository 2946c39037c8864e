package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Problem;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The audit trail of integrations writes, by the request id each answer carried. A key reads the
 * records of its own partner in its own environment, with any permission of the integrations
 * family: a partner looks up its own failed payment, never another partner's requests.
 */
@Path("/integrations/v1/{companyId}/audit/{requestId}")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog audit;

    @Inject
    Caller caller;

    public record AuditEntry(UUID id, String requestId, UUID apiKeyId, String operation, int httpStatus, String outcome,
            String detail, boolean test, Instant createdAt) {
        static AuditEntry of(AuditRecord record) {
            AuditActor.PartnerKey key = (AuditActor.PartnerKey) record.actor();
            return new AuditEntry(record.id(), record.requestId(), key.keyId().value(), record.operation(),
                    record.httpStatus(), record.outcome(), record.detail().orElse(null),
                    key.environment() == KeyEnvironment.TEST, record.createdAt());
        }
    }

    public record AuditAnswer(String requestId, List<AuditEntry> records) {}

    @GET
    @Operation(operationId = "getAuditRecordsByRequestId")
    @APIResponse(responseCode = "200", description = "What the service recorded of the request")
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @RequiresPermission({Permission.CUSTOMERS_READ, Permission.CUSTOMERS_WRITE, Permission.COLLECTION_DOCUMENTS_READ,
            Permission.COLLECTION_DOCUMENTS_WRITE, Permission.PAYMENTS_READ, Permission.VERIFIED_PAYMENTS_WRITE,
            Permission.CERTIFIED_RATES_WRITE})
    public AuditAnswer byRequestId(@PathParam("companyId") String companyId, @PathParam("requestId") String requestId) {
        KeyPrincipal key = caller.key();
        List<AuditEntry> records = audit.byRequestId(key.scope(), PartnerScope.of(key.key()), requestId).stream()
                .map(AuditEntry::of)
                .toList();
        if (records.isEmpty()) {
            throw new ApiProblem(Problem.NOT_FOUND, "No audit record for this request id");
        }
        return new AuditAnswer(requestId, records);
    }
}
