package dev.recaudo.rest.operator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OriginResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateResult;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.rest.audit.AdministrationTrail;
import dev.recaudo.rest.audit.AdministrationTrail.AuditRecordPage;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.OperatorApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.operator.OperatorRequests.CreateCompanyRequest;
import dev.recaudo.rest.operator.OperatorRequests.RegisterOriginRequest;
import dev.recaudo.rest.operator.OperatorRequests.UpdateCompanyRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The platform operator's API: onboarding companies and their messaging origins. */
@Path("/operator/companies")
@OperatorApi
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
public class OperatorResource {

    @Inject
    CompanyAdministrationUseCase companies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    AdministrationTrail trail;

    @RegisterForReflection
    public record CompanyCreated(
            UUID companyId, String name, String referenceCurrency, boolean enabled, UUID adminUserId, String timeZone) {}

    public record CompanyView(UUID companyId, String name, String referenceCurrency, boolean enabled, String timeZone) {
        static CompanyView of(Company company) {
            return new CompanyView(company.id().value(), company.name(),
                    company.referenceCurrency().map(Enum::name).orElse(null), company.enabled(), company.timeZoneName());
        }
    }

    @RegisterForReflection
    public record OriginView(UUID id, UUID companyId, String phoneNumberId, String displayPhoneNumber, Instant createdAt) {
        static OriginView of(WhatsAppOrigin origin) {
            return new OriginView(origin.id(), origin.companyId().value(), origin.phoneNumberId(),
                    origin.displayPhoneNumber(), origin.createdAt());
        }
    }

    @POST
    @Audited
    @Operation(operationId = "createCompany")
    @APIResponse(responseCode = "201", description = "The company and its administrator",
            content = @Content(schema = @Schema(implementation = CompanyCreated.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    public Response create(CreateCompanyRequest body) {
        OnboardingResult result = companies.onboard(OperatorRequests.onboarding(validation, body));
        if (result instanceof OnboardingResult.Onboarded onboarded) {
            Company company = onboarded.company();
            caller.resultId(company.id().value());
            return Response.status(Response.Status.CREATED)
                    .entity(new CompanyCreated(company.id().value(), company.name(),
                            company.referenceCurrency().map(Enum::name).orElse(null), company.enabled(),
                            onboarded.adminUserId().value(), company.timeZoneName()))
                    .build();
        }
        throw new ApiProblem(Problem.CONFLICT, "An administrator with this e-mail already exists");
    }

    /** A partial update: absent fields keep their value, {@code "referenceCurrency": null} removes it. */
    @PATCH
    @Audited(target = "companyId")
    @Operation(operationId = "updateCompany")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = UpdateCompanyRequest.class)))
    @APIResponse(responseCode = "200", description = "The company as updated")
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @Path("{companyId}")
    public CompanyView update(@PathParam("companyId") String companyId, ObjectNode body) {
        CompanyId id = new CompanyId(PathIds.uuid("companyId", companyId));
        UpdateResult result = companies.update(OperatorRequests.update(id, body));
        if (result instanceof UpdateResult.Updated updated) {
            return CompanyView.of(updated.company());
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No such company");
    }

    @POST
    @Audited
    @Operation(operationId = "registerWhatsAppOrigin")
    @APIResponse(responseCode = "200", description = "Already registered to this company",
            content = @Content(schema = @Schema(implementation = OriginView.class)))
    @APIResponse(responseCode = "201", description = "Registered",
            content = @Content(schema = @Schema(implementation = OriginView.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @Path("{companyId}/whatsapp-origins")
    public Response registerWhatsAppOrigin(@PathParam("companyId") String companyId, RegisterOriginRequest body) {
        CompanyId id = new CompanyId(PathIds.uuid("companyId", companyId));
        RegisterOriginRequest origin = OperatorRequests.origin(validation, body);
        OriginResult result = companies.registerWhatsAppOrigin(id, origin.phoneNumberId(), origin.displayPhoneNumber().trim());
        if (result instanceof OriginResult.Registered registered) {
            caller.resultId(registered.origin().id());
            return Response.status(registered.created() ? 201 : 200).entity(OriginView.of(registered.origin())).build();
        }
        if (result instanceof OriginResult.OwnedByAnotherCompany) {
            throw new ApiProblem(Problem.CONFLICT, "This phone number id is registered to another company");
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No such company");
    }

    /** Any company's administration trail, newest first, by cursor; the operator's own calls included. */
    @GET
    @Operation(operationId = "listCompanyAuditRecords")
    @APIResponse(responseCode = "200", description = "A page of the company's administration trail, newest first")
    @Path("{companyId}/audit-records")
    public AuditRecordPage auditRecords(@PathParam("companyId") String companyId, @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit) {
        return trail.page(new CompanyId(PathIds.uuid("companyId", companyId)), cursor, limit);
    }
}
