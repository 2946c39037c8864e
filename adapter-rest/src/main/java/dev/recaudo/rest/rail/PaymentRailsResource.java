package dev.recaudo.rest.rail;

import dev.recaudo.application.rail.PaymentRailsUseCase;
import dev.recaudo.application.rail.PaymentRailsUseCase.PutResult;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The company's credentials at a card rail ({@code stripe}): set or rotated by its admin, sealed at
 * rest, never answered. The admin filter has already checked that the path's company is the
 * administrator's own; the audit trail records the call, never the values.
 */
@Path("/companies/{companyId}/payment-rails/{rail}")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class PaymentRailsResource {

    @Inject
    PaymentRailsUseCase rails;

    @Inject
    RequestValidation validation;

    /** The credentials; unknown fields are refused with the others. */
    @RegisterForReflection
    @Schema(name = "PaymentRailCredentialsRequest")
    public record CredentialsRequest(
            @Schema(description = "The processor's live secret or restricted key: sk_live_ or rk_live_ + 8 to"
                    + " 240 letters and digits (test-mode keys are refused)", required = true, maxLength = 248) String secretKey,
            @Schema(description = "The processor's webhook signing secret: whsec_ + 8 to 240 base64 characters",
                    required = true, maxLength = 246) String webhookSecret) {}

    /** Whether the company's credentials at the rail are set, and when they were last set; never the values. */
    @RegisterForReflection
    @Schema(name = "PaymentRailStatus")
    public record RailStatus(String rail, boolean configured, Instant updatedAt) {}

    @PUT
    @Audited(target = "rail")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "putPaymentRailCredentials",
            summary = "Set or rotate the company's credentials at a card rail; the old ones stop working at once")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CredentialsRequest.class)))
    @APIResponse(responseCode = "200", description = "Set: whether they are, and when (never the values)",
            content = @Content(schema = @Schema(implementation = RailStatus.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    public RailStatus put(@PathParam("companyId") String companyId, @PathParam("rail") String rail, CredentialsRequest body) {
        RequestValidation.required(body);
        PutResult result = rails.put(company(companyId), rail, body.secretKey(), body.webhookSecret());
        if (result instanceof PutResult.Saved saved) {
            return new RailStatus(rail, true, saved.updatedAt());
        }
        if (result instanceof PutResult.Invalid invalid) {
            throw new ApiProblem(Problem.VALIDATION, invalid.errors().entrySet().stream()
                    .map(error -> error.getKey() + " " + error.getValue()).collect(Collectors.joining("; ")),
                    invalid.errors().entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                            error -> List.of(error.getValue()))));
        }
        throw unknownRail();
    }

    @GET
    @Audited(target = "rail")
    @Operation(operationId = "getPaymentRailCredentials", summary = "Whether the company's credentials at a card rail are set")
    @APIResponse(responseCode = "200", description = "Whether they are set, and when (never the values)",
            content = @Content(schema = @Schema(implementation = RailStatus.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    public RailStatus get(@PathParam("companyId") String companyId, @PathParam("rail") String rail) {
        if (!rails.known(rail)) {
            throw unknownRail();
        }
        return rails.configuredAt(company(companyId), rail)
                .map(at -> new RailStatus(rail, true, at)).orElseGet(() -> new RailStatus(rail, false, null));
    }

    private static ApiProblem unknownRail() {
        return new ApiProblem(Problem.NOT_FOUND, "No payment rail by this name");
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}
