package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.refund.RefundsUseCase;
import dev.recaudo.application.refund.RefundsUseCase.StartResult;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.rest.auth.ExternalPaymentsApi;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.JsonWrites;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Refunds of an external payment (docs/reference/external-payments.md, "Refunds and chargebacks").
 * A refund runs in phases: the idempotency claim, the pending refund and its money in flight commit
 * together (phase 1); the processor is asked after that commit, outside any transaction (phase 2);
 * its answer is recorded in a transaction of its own (phase 3). The stored first answer names the
 * refund, so the same request again answers the refund as it stands, asking the processor about a
 * refund still pending and never refunding it twice.
 */
@Path("/external/payments/{id}/refunds")
@ExternalPaymentsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "External payments")
public class ExternalPaymentRefundsResource {

    @Inject
    RefundsUseCase refunds;

    @Inject
    JsonWrites writes;

    @Inject
    ObjectMapper json;

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
        KeyPrincipal key = writes.key();
        UUID paymentId = PathIds.uuid("id", id);
        String keyValue = ExternalPaymentRequests.idempotencyKey(idempotencyKey.value);
        var command = RefundRequests.create(writes.validation(), key, paymentId, writes.read(body, CreateRefundRequest.class));
        AtomicReference<Refund> started = new AtomicReference<>();
        Response first = writes.execute(IdempotentWrites.Family.EXTERNAL, key,
                new IdempotentWrites.Request("external.payments.refunds", keyValue, Map.of("id", paymentId.toString()), body,
                        Optional.empty()),
                () -> {
                    started.set(started(refunds.start(command)));
                    return new IdempotentWrites.Reply(201, RefundViews.of(started.get()));
                },
                stored -> answer(refunds.resolve(key.scope(), storedRefund(stored))));
        if (started.get() == null) {
            return first;
        }
        return answer(refunds.proceed(key.scope(), started.get().id()).get());
    }

    @GET
    @RequiresPermission(Permission.PAYMENTS_READ)
    @Operation(operationId = "listExternalPaymentRefunds", summary = "List a payment's refunds and chargebacks, oldest first")
    @APIResponse(responseCode = "200", description = "The payment's refunds and chargebacks")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    public RefundList list(@PathParam("id") String id) {
        KeyPrincipal key = writes.key();
        return refunds.ofPayment(key.scope(), PartnerScope.of(key.key()).name(), PathIds.uuid("id", id))
                .map(found -> new RefundList(found.stream().map(RefundViews::of).toList()))
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No external payment with this id"));
    }

    private static Refund started(StartResult result) {
        if (result instanceof StartResult.Started started) {
            return started.refund();
        }
        if (result instanceof StartResult.ProcessorUnavailable) {
            throw new ApiProblem(Problem.SERVICE_UNAVAILABLE, "No payment processor refunds live payments yet");
        }
        StartResult.Rejected rejected = (StartResult.Rejected) result;
        throw switch (rejected.rejection()) {
            case PAYMENT_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND, rejected.detail());
            case AMOUNT_ABOVE_REFUNDABLE -> ApiProblem.validation("amountMinor", rejected.detail());
            case PAYMENT_NOT_COMPLETED -> new ApiProblem(Problem.CONFLICT, rejected.detail(),
                    Map.of("status", List.of(rejected.detail())));
            case DOCUMENT_RECONCILED -> new ApiProblem(Problem.CONFLICT, rejected.detail(),
                    Map.of("invoiceId", List.of(rejected.detail())));
        };
    }

    /** The refund a stored first answer names. */
    private UUID storedRefund(StoredResponse stored) {
        try {
            return UUID.fromString(json.readTree(stored.body()).path("id").asText());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored answer is the JSON this resource wrote", e);
        }
    }

    private static Response answer(Refund refund) {
        return Response.status(201).entity(RefundViews.of(refund)).type(MediaType.APPLICATION_JSON).build();
    }
}
