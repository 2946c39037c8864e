package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.refund.RefundsUseCase;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.rest.auth.ExternalPaymentsApi;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.externalpayment.RefundRequests.CreateRefundRequest;
import dev.recaudo.rest.externalpayment.RefundViews.RefundBody;
import dev.recaudo.rest.externalpayment.RefundViews.RefundList;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Refunds of an external payment (docs/reference/external-payments.md, "Refunds and chargebacks").
 * A refund runs in the phases of {@link RefundCreation}: the same request again answers the refund as
 * it stands, and never refunds twice.
 */
@Path("/external/payments/{id}/refunds")
@ExternalPaymentsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "External payments")
public class ExternalPaymentRefundsResource {

    @Inject
    RefundsUseCase refunds;

    @Inject
    IdempotentWrites writes;

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PAYMENTS_CREATE)
    @MovesMoney
    @Operation(operationId = "refundExternalPayment", summary = "Refund part or all of a completed payment")
    @APIResponse(responseCode = "201", description = "The refund, as the processor left it (or as it stands, on a retry)",
            content = @Content(schema = @Schema(implementation = RefundBody.class)))
    @APIResponse(responseCode = "400", ref = "StatusBadRequest")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    @APIResponse(responseCode = "409", ref = "StatusConflict")
    @APIResponse(responseCode = "503", ref = "StatusServiceUnavailable")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CreateRefundRequest.class)))
    public Response create(@PathParam("id") String id, @BeanParam CreationKey idempotencyKey, JsonNode body)
            throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        UUID paymentId = PathIds.uuid("id", id);
        String keyValue = ExternalPaymentRequests.idempotencyKey(idempotencyKey.value);
        var command = RefundRequests.create(validation, key, paymentId, bodies.read(body, CreateRefundRequest.class));
        return writes.executePhased(IdempotentWrites.Family.EXTERNAL, key,
                new IdempotentWrites.Request("external.payments.refunds", keyValue, Map.of("id", paymentId.toString()), body,
                        Optional.empty()),
                new RefundCreation(command, refunds, writes));
    }

    @GET
    @RequiresPermission(Permission.PAYMENTS_READ)
    @Operation(operationId = "listExternalPaymentRefunds", summary = "List a payment's refunds and chargebacks, oldest first")
    @APIResponse(responseCode = "200", description = "The payment's refunds and chargebacks")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    public RefundList list(@PathParam("id") String id) {
        KeyPrincipal key = caller.key();
        return refunds.ofPayment(key.scope(), PartnerScope.of(key.key()).name(), PathIds.uuid("id", id))
                .map(found -> new RefundList(found.stream().map(RefundViews::of).toList()))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No external payment with this id"));
    }
}
