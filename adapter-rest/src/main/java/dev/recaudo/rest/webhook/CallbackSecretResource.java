package dev.recaudo.rest.webhook;

import dev.recaudo.application.externalpayment.CallbackSecretUseCase;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.PathIds;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The secret that signs the company's external payment callbacks. The admin filter has already
 * checked that the path's company is the administrator's own.
 */
@Path("/companies/{companyId}/webhook-secret")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class CallbackSecretResource {

    @Inject
    CallbackSecretUseCase secrets;

    public record SecretView(String secret) {}

    @GET
    @Audited
    @Operation(operationId = "getWebhookSecret", summary = "The secret that signs external payment callbacks")
    @APIResponse(responseCode = "200", description = "The current secret")
    public SecretView current(@PathParam("companyId") String companyId) {
        return new SecretView(secrets.current(company(companyId)));
    }

    @POST
    @Audited
    @Path("rotate")
    @Operation(operationId = "rotateWebhookSecret",
            summary = "Replaces the callback secret at once; callbacks sent from now on are signed with the new one")
    @APIResponse(responseCode = "200", description = "The new secret")
    public SecretView rotate(@PathParam("companyId") String companyId) {
        return new SecretView(secrets.rotate(company(companyId)));
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}
