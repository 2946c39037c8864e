package dev.recaudo.rest.audit;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.AdministrationTrail.AuditRecordPage;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.PathIds;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The administration trail of the administrator's own company: API keys, webhook endpoints, secret
 * reads and the operator's changes to the company. The admin filter has already checked that the
 * path's company is the token's; a partner's API key is no credential here.
 */
@Path("/companies/{companyId}/audit-records")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class AuditTrailResource {

    @Inject
    AdministrationTrail trail;

    /** Newest first, by cursor; {@code limit} within the integrations lists' bounds (1 to 100, default 20). */
    @GET
    @Operation(operationId = "listAuditRecords")
    @APIResponse(responseCode = "200", description = "A page of the company's administration trail, newest first")
    public AuditRecordPage list(@PathParam("companyId") String companyId, @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit) {
        return trail.page(new CompanyId(PathIds.uuid("companyId", companyId)), cursor, limit);
    }
}
