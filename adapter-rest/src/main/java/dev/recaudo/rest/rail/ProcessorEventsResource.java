package dev.recaudo.rest.rail;

import dev.recaudo.application.rail.ProcessorEventsUseCase;
import dev.recaudo.application.rail.ProcessorEventsUseCase.Outcome;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A card processor's events for one company (docs/reference/collection.md). No API key: the signature,
 * checked with the company's webhook secret before anything of the event is read, is the credential.
 * Errors answer in the external payments family's envelope.
 */
@Path("/webhooks/processors/{rail}/{companyId}")
@Tag(name = "Payment rails")
public class ProcessorEventsResource {

    /** The header a Stripe event's signature comes in. */
    static final String SIGNATURE_HEADER = "Stripe-Signature";

    private final ProcessorEventsUseCase events;
    private final RestSettings settings;

    public ProcessorEventsResource(ProcessorEventsUseCase events, RestSettings settings) {
        this.events = events;
        this.settings = settings;
    }

    /** The answer to an event, for the OpenAPI document: {@code duplicate} when it had been applied before. */
    @RegisterForReflection
    public record ReceivedResponse(boolean received, boolean duplicate) {}

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "receiveProcessorEvent", summary = "A card processor's event for one company")
    @SecurityRequirement(name = "processorSignature")
    @RequestBody(required = true, description = "The event, exactly as the processor signed it",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "Received: applied, or applied before (duplicate)",
            content = @Content(schema = @Schema(implementation = ReceivedResponse.class)))
    @APIResponse(responseCode = "400", ref = "StatusBadRequest")
    @APIResponse(responseCode = "403", ref = "StatusForbidden")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    @APIResponse(responseCode = "413", ref = "StatusPayloadTooLarge")
    @APIResponse(responseCode = "503", ref = "StatusServiceUnavailable")
    public Map<String, Object> receive(@PathParam("rail") String rail, @PathParam("companyId") String companyId,
            @Parameter(hidden = true) @HeaderParam(SIGNATURE_HEADER) String signature, byte[] body) {
        byte[] payload = body == null ? new byte[0] : body;
        if (payload.length > settings.http().processorEventBytesMax()) {
            throw new ApiProblem(Problem.PAYLOAD_TOO_LARGE,
                    "The event is larger than " + settings.http().processorEventBytesMax() + " bytes");
        }
        Optional<CompanyId> company = PathIds.parse(companyId).map(CompanyId::new);
        Outcome outcome = company.isEmpty() ? new Outcome.Unknown()
                : events.receive(rail, company.get(), new String(payload, StandardCharsets.UTF_8), signature);
        if (outcome instanceof Outcome.Applied) {
            return Map.of("received", true, "duplicate", false);
        }
        if (outcome instanceof Outcome.Duplicate) {
            return Map.of("received", true, "duplicate", true);
        }
        if (outcome instanceof Outcome.Forged) {
            throw new ApiProblem(Problem.VALIDATION, SIGNATURE_HEADER + " does not verify the event with the company's"
                    + " webhook secret", Map.of(SIGNATURE_HEADER, List.of("does not verify the event")));
        }
        if (outcome instanceof Outcome.OtherCompany) {
            throw new ApiProblem(Problem.FORBIDDEN, "The event's object belongs to another company; nothing was applied");
        }
        // No such rail, company or credentials: one answer, so that nothing tells them apart.
        throw new ApiProblem(Problem.NOT_FOUND, "No payment rail receives events here");
    }
}
