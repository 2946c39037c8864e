package dev.recaudo.rest.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase.RegisterResult;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.webhook.WebhookRequests.RegisterRequest;
import dev.recaudo.rest.webhook.WebhookRequests.RotateSecretRequest;
import dev.recaudo.rest.webhook.WebhookViews.DeliveryView;
import dev.recaudo.rest.webhook.WebhookViews.EndpointListItem;
import dev.recaudo.rest.webhook.WebhookViews.EndpointView;
import dev.recaudo.rest.webhook.WebhookViews.RotatedSecretView;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Invoice lifecycle webhook endpoints of the administrator's company, and their deliveries. */
@Path("/companies/{companyId}/webhook-endpoints")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class WebhookEndpointsResource {

    @Inject
    WebhookEndpointsUseCase endpoints;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    ObjectMapper json;

    @Inject
    Clock clock;

    @POST
    @Audited
    @Operation(operationId = "registerWebhookEndpoint")
    @APIResponse(responseCode = "201", description = "The endpoint, with its signing secret shown this once",
            content = @Content(schema = @Schema(implementation = EndpointView.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response register(@PathParam("companyId") String companyId, RegisterRequest body) {
        WebhookRequests.Registration registration = WebhookRequests.registration(validation, body);
        RegisterResult result = endpoints.register(company(companyId), registration.environment(), registration.url(),
                registration.events());
        if (result instanceof RegisterResult.Registered registered) {
            WebhookEndpoint endpoint = registered.endpoint();
            caller.resultId(endpoint.id());
            return Response.status(Response.Status.CREATED)
                    .entity(new EndpointView(endpoint.id(), endpoint.url(), new TreeSet<>(endpoint.events()),
                            endpoint.environment().wireName(), endpoint.secrets().current().orElseThrow(),
                            endpoint.createdAt()))
                    .build();
        }
        if (result instanceof RegisterResult.TargetRefused refused) {
            throw ApiProblem.validation("url", refused.reason());
        }
        int limit = ((RegisterResult.LimitReached) result).endpointsPerCompanyMax();
        throw new ApiProblem(Problem.CONFLICT, "At most " + limit + " endpoints per company",
                Map.of("webhookEndpoints", List.of("limit reached")));
    }

    @GET
    @Operation(operationId = "listWebhookEndpoints")
    @APIResponse(responseCode = "200", description = "The company's endpoints, without their secrets, each with whether it is"
            + " paused for failing and until when")
    public List<EndpointListItem> list(@PathParam("companyId") String companyId) {
        Instant now = clock.instant();
        return endpoints.list(company(companyId)).stream().map(endpoint -> EndpointListItem.of(endpoint, now)).toList();
    }

    /** Ends the endpoint's pause at once: its deliveries go out again from the next dispatch. */
    @POST
    @Audited(target = "endpointId")
    @Operation(operationId = "resumeWebhookEndpoint")
    @APIResponse(responseCode = "200", description = "The endpoint, no longer paused, its failure count back to 0",
            content = @Content(schema = @Schema(implementation = EndpointListItem.class)))
    @Path("{endpointId}/resume")
    public EndpointListItem resume(@PathParam("companyId") String companyId, @PathParam("endpointId") String endpointId) {
        return endpoints.resume(company(companyId), PathIds.uuid("endpointId", endpointId))
                .map(endpoint -> EndpointListItem.of(endpoint, clock.instant()))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such webhook endpoint"));
    }

    @DELETE
    @Audited(target = "endpointId")
    @Operation(operationId = "removeWebhookEndpoint")
    @APIResponse(responseCode = "204", description = "Removed")
    @Path("{endpointId}")
    public Response remove(@PathParam("companyId") String companyId, @PathParam("endpointId") String endpointId) {
        if (!endpoints.remove(company(companyId), PathIds.uuid("endpointId", endpointId))) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such webhook endpoint");
        }
        return Response.noContent().build();
    }

    /**
     * A new secret signs from now on; the replaced one signs next to it until the overlap ends, and a
     * secret replaced by an earlier rotation stops at once.
     */
    @POST
    @Audited(target = "endpointId")
    @Operation(operationId = "rotateWebhookEndpointSecret")
    @APIResponse(responseCode = "200", description = "The new secret, shown this once, and when the previous one stops signing",
            content = @Content(schema = @Schema(implementation = RotatedSecretView.class)))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = RotateSecretRequest.class)))
    @Path("{endpointId}/rotate-secret")
    public RotatedSecretView rotateSecret(@PathParam("companyId") String companyId, @PathParam("endpointId") String endpointId,
            String body) {
        WebhookEndpoint endpoint = endpoints.rotateSecret(company(companyId), PathIds.uuid("endpointId", endpointId),
                        WebhookRequests.overlap(body, json))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such webhook endpoint"));
        // A refused secret is not kept as the previous one: it stopped signing already (docs/decisions.md).
        return new RotatedSecretView(endpoint.id(), endpoint.secrets().current().orElseThrow(),
                endpoint.secrets().previous().map(EndpointSecrets.Previous::expiresAt).orElseGet(clock::instant));
    }

    @GET
    @Operation(operationId = "listWebhookDeliveries")
    @APIResponse(responseCode = "200", description = "The endpoint's deliveries with their attempts")
    @Path("{endpointId}/deliveries")
    public List<DeliveryView> deliveries(@PathParam("companyId") String companyId, @PathParam("endpointId") String endpointId) {
        return endpoints.deliveries(company(companyId), PathIds.uuid("endpointId", endpointId))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such webhook endpoint"))
                .stream().map(DeliveryView::of).toList();
    }

    /** Makes the delivery pending again, due now, with a fresh set of attempts. */
    @POST
    @Audited(target = "deliveryId")
    @Operation(operationId = "redeliverWebhookDelivery")
    @APIResponse(responseCode = "202", description = "Pending again, due now",
            content = @Content(schema = @Schema(implementation = DeliveryView.class)))
    @Path("{endpointId}/deliveries/{deliveryId}/redeliver")
    public Response redeliver(
            @PathParam("companyId") String companyId,
            @PathParam("endpointId") String endpointId,
            @PathParam("deliveryId") String deliveryId) {
        WebhookDelivery delivery = endpoints.redeliver(company(companyId), PathIds.uuid("endpointId", endpointId),
                        PathIds.uuid("deliveryId", deliveryId))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No such delivery"));
        return Response.accepted(DeliveryView.of(delivery)).build();
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }
}
