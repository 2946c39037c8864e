package dev.recaudo.rest.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OriginResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase.ReferenceCurrencyChange;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateResult;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.auth.OperatorApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The platform operator's API: onboarding companies and their messaging origins. */
@Path("/operator/companies")
@OperatorApi
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator")
@SecurityRequirement(name = "operatorToken")
@APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
public class OperatorResource {

    private final CompanyAdministrationUseCase companies;

    public OperatorResource(CompanyAdministrationUseCase companies) {
        this.companies = companies;
    }

    public record AdminCredentials(String email, String password) {}

    public record CreateCompanyRequest(String name, String referenceCurrency, Boolean enabled, AdminCredentials admin) {}

    public record CompanyCreated(UUID companyId, String name, String referenceCurrency, boolean enabled, UUID adminUserId) {}

    public record CompanyView(UUID companyId, String name, String referenceCurrency, boolean enabled) {
        static CompanyView of(Company company) {
            return new CompanyView(company.id().value(), company.name(),
                    company.referenceCurrency().map(Enum::name).orElse(null), company.enabled());
        }
    }

    /** The body of a partial update, for the OpenAPI document: absent fields keep their value. */
    @Schema(additionalProperties = Schema.False.class)
    public record UpdateCompanyRequest(Boolean enabled, @Schema(nullable = true) String referenceCurrency) {}

    public record RegisterOriginRequest(String phoneNumberId, String displayPhoneNumber) {}

    public record OriginView(UUID id, UUID companyId, String phoneNumberId, String displayPhoneNumber, Instant createdAt) {
        static OriginView of(WhatsAppOrigin origin) {
            return new OriginView(origin.id(), origin.companyId().value(), origin.phoneNumberId(),
                    origin.displayPhoneNumber(), origin.createdAt());
        }
    }

    @POST
    @Operation(operationId = "createCompany")
    @APIResponse(responseCode = "201", description = "The company and its administrator",
            content = @Content(schema = @Schema(implementation = CompanyCreated.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    public Response create(CreateCompanyRequest body) {
        if (body == null) {
            throw ApiProblem.validation("body", "is required");
        }
        FieldErrors errors = new FieldErrors();
        String name = body.name() == null ? null : body.name().trim();
        if (name == null || name.isEmpty() || name.length() > Company.NAME_LENGTH_MAX) {
            errors.add("name", "must have 1 to " + Company.NAME_LENGTH_MAX + " characters");
        }
        Optional<CurrencyCode> currency = Optional.empty();
        if (body.referenceCurrency() != null) {
            currency = CurrencyCode.parse(body.referenceCurrency());
            if (currency.isEmpty()) {
                errors.add("referenceCurrency", "must be null or one of " + Set.of(CurrencyCode.values()));
            }
        }
        if (body.admin() == null) {
            errors.add("admin", "is required");
        } else {
            String email = body.admin().email() == null ? null : body.admin().email().trim();
            if (!EmailAddress.isValid(email)) {
                errors.add("admin.email", "must be a valid e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters");
            }
            String password = body.admin().password();
            if (password == null || password.length() < AdminUser.PASSWORD_LENGTH_MIN
                    || password.getBytes(StandardCharsets.UTF_8).length > AdminUser.PASSWORD_BYTES_MAX) {
                errors.add("admin.password", "must have at least " + AdminUser.PASSWORD_LENGTH_MIN
                        + " characters and at most " + AdminUser.PASSWORD_BYTES_MAX + " bytes");
            }
        }
        errors.throwIfAny();

        OnboardingResult result = companies.onboard(new CompanyAdministrationUseCase.OnboardCompany(
                name, currency, body.enabled() == null || body.enabled(), body.admin().email(), body.admin().password()));
        if (result instanceof OnboardingResult.Onboarded onboarded) {
            Company company = onboarded.company();
            return Response.status(Response.Status.CREATED)
                    .entity(new CompanyCreated(company.id().value(), company.name(),
                            company.referenceCurrency().map(Enum::name).orElse(null), company.enabled(),
                            onboarded.adminUserId().value()))
                    .build();
        }
        throw new ApiProblem(Problem.CONFLICT, "An administrator with this e-mail already exists");
    }

    /** A partial update: absent fields keep their value, {@code "referenceCurrency": null} removes it. */
    @PATCH
    @Operation(operationId = "updateCompany")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = UpdateCompanyRequest.class)))
    @APIResponse(responseCode = "200", description = "The company as updated")
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @Path("{companyId}")
    public CompanyView update(@PathParam("companyId") String companyId, ObjectNode body) {
        CompanyId id = new CompanyId(PathIds.uuid("companyId", companyId));
        if (body == null) {
            throw ApiProblem.validation("body", "is required");
        }
        FieldErrors errors = new FieldErrors();
        Optional<Boolean> enabled = Optional.empty();
        Optional<ReferenceCurrencyChange> currency = Optional.empty();
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            JsonNode value = body.get(field);
            switch (field) {
                case "enabled" -> {
                    if (value.isBoolean()) {
                        enabled = Optional.of(value.booleanValue());
                    } else {
                        errors.add("enabled", "must be true or false");
                    }
                }
                case "referenceCurrency" -> {
                    if (value.isNull()) {
                        currency = Optional.of(new ReferenceCurrencyChange(Optional.empty()));
                    } else if (value.isTextual() && CurrencyCode.parse(value.textValue()).isPresent()) {
                        currency = Optional.of(new ReferenceCurrencyChange(CurrencyCode.parse(value.textValue())));
                    } else {
                        errors.add("referenceCurrency", "must be null or one of " + Set.of(CurrencyCode.values()));
                    }
                }
                default -> errors.add(field, "is not an accepted property");
            }
        }
        errors.throwIfAny();
        UpdateResult result = companies.update(new UpdateCompany(id, enabled, currency));
        if (result instanceof UpdateResult.Updated updated) {
            return CompanyView.of(updated.company());
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No such company");
    }

    @POST
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
        if (body == null) {
            throw ApiProblem.validation("body", "is required");
        }
        FieldErrors errors = new FieldErrors();
        if (body.phoneNumberId() == null || !body.phoneNumberId().matches("^[0-9]{1,64}$")) {
            errors.add("phoneNumberId", "must be the WhatsApp phone_number_id: 1 to 64 digits");
        }
        if (body.displayPhoneNumber() == null || body.displayPhoneNumber().isBlank()
                || body.displayPhoneNumber().length() > 32) {
            errors.add("displayPhoneNumber", "must have 1 to 32 characters");
        }
        errors.throwIfAny();
        OriginResult result = companies.registerWhatsAppOrigin(id, body.phoneNumberId(), body.displayPhoneNumber().trim());
        if (result instanceof OriginResult.Registered registered) {
            return Response.status(registered.created() ? 201 : 200).entity(OriginView.of(registered.origin())).build();
        }
        if (result instanceof OriginResult.OwnedByAnotherCompany) {
            throw new ApiProblem(Problem.CONFLICT, "This phone number id is registered to another company");
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No such company");
    }
}
