package dev.recaudo.rest.externalpayment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.externalpayment.DirectChargeUseCase;
import dev.recaudo.application.externalpayment.ExternalPaymentView;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CancelResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.application.refund.RefundsUseCase;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.rest.auth.ExternalPaymentsApi;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.externalpayment.ExternalPaymentRequests.CreateExternalPaymentRequest;
import dev.recaudo.rest.externalpayment.ExternalPaymentViews.ExternalPaymentBody;
import dev.recaudo.rest.externalpayment.ExternalPaymentViews.ExternalPaymentPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The external payments API (docs/reference/external-payments.md). A key sees only its partner's payments. */
@Path("/external/payments")
@ExternalPaymentsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "External payments")
public class ExternalPaymentsResource {

    @Inject
    ExternalPaymentsUseCase payments;

    @Inject
    DirectChargeUseCase charges;

    @Inject
    IdempotentWrites writes;

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    PublicInvoiceProjection links;

    @Inject
    RestSettings settings;

    @Inject
    RefundsUseCase refunds;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PAYMENTS_CREATE)
    @MovesMoney
    @Operation(operationId = "createHostedExternalPayment", summary = "Create a payment the payer pays on the hosted page")
    @APIResponse(responseCode = "201", description = "Created (pending), or the first answer replayed",
            content = @Content(schema = @Schema(implementation = ExternalPaymentBody.class)))
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CreateExternalPaymentRequest.class)))
    @PaymentCreation
    public Response createHosted(@BeanParam CreationKey idempotencyKey, JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        String keyValue = ExternalPaymentRequests.idempotencyKey(idempotencyKey.value);
        var command = ExternalPaymentRequests.create(validation, key, ExternalPaymentMode.HOSTED,
                bodies.read(json, CreateExternalPaymentRequest.class));
        return writes.execute(IdempotentWrites.Family.EXTERNAL, key,
                IdempotentWrites.Request.ofBody("external.payments.hosted", keyValue, json),
                () -> new IdempotentWrites.Reply(201, created(payments.create(command))));
    }

    @POST
    @Path("direct")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PAYMENTS_CREATE)
    @MovesMoney
    @Operation(operationId = "createDirectExternalPayment", summary = "Create and process a backend-to-backend payment")
    @APIResponse(responseCode = "201", description = "Created and processed, the first answer replayed, or the payment as it"
            + " stands when the first request's outcome is not final yet",
            content = @Content(schema = @Schema(implementation = ExternalPaymentBody.class)))
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CreateExternalPaymentRequest.class)))
    @PaymentCreation
    public Response createDirect(@BeanParam CreationKey idempotencyKey, JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        String keyValue = ExternalPaymentRequests.idempotencyKey(idempotencyKey.value);
        var command = ExternalPaymentRequests.create(validation, key, ExternalPaymentMode.DIRECT,
                bodies.read(json, CreateExternalPaymentRequest.class));
        return writes.executePhased(IdempotentWrites.Family.EXTERNAL, key,
                IdempotentWrites.Request.ofBody("external.payments.direct", keyValue, json),
                new DirectCreation(command, payments, charges, writes, this::created, this::body));
    }

    @GET
    @Path("{id}")
    @RequiresPermission(Permission.PAYMENTS_READ)
    @Operation(operationId = "getExternalPayment", summary = "Read a payment with its callback attempts")
    @APIResponse(responseCode = "200", description = "The payment; the source of truth after a callback")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    public ExternalPaymentBody get(@PathParam("id") String id) {
        KeyPrincipal key = caller.key();
        return payments.get(key.scope(), partner(key), PathIds.uuid("id", id))
                .map(this::body)
                .orElseThrow(ExternalPaymentsResource::notFound);
    }

    @GET
    @RequiresPermission(Permission.PAYMENTS_READ)
    @Operation(operationId = "listExternalPayments", summary = "List the partner's payments, newest first")
    @APIResponse(responseCode = "200", description = "A page of the partner's payments")
    public ExternalPaymentPage list(@QueryParam("page") String page, @QueryParam("limit") String limit) {
        KeyPrincipal key = caller.key();
        Page<ExternalPaymentView> result = payments.list(key.scope(), partner(key),
                QueryParams.intBetween("page", page, 1, Integer.MAX_VALUE, 1), QueryParams.pageSize("limit", limit, settings.pages().externalPayments()));
        Map<UUID, List<Refund>> returned = refunds.ofPayments(key.scope(),
                result.items().stream().map(view -> view.payment().id()).toList());
        return new ExternalPaymentPage(result.items().stream()
                .map(view -> ExternalPaymentViews.of(view, links, returned.getOrDefault(view.payment().id(), List.of()),
                        nextActionUrl(view)))
                .toList(), result.total(), result.number(), result.size());
    }

    /** Cancels a pending payment; a canceled one answers as it is (the cancel succeeds again). */
    @DELETE
    @Path("{id}")
    @RequiresPermission(Permission.PAYMENTS_CREATE)
    @Operation(operationId = "cancelExternalPayment", summary = "Cancel a pending payment")
    @APIResponse(responseCode = "200", description = "The payment, canceled")
    @APIResponse(responseCode = "404", ref = "StatusNotFound")
    @APIResponse(responseCode = "409", ref = "StatusConflict")
    public ExternalPaymentBody cancel(@PathParam("id") String id) {
        KeyPrincipal key = caller.key();
        CancelResult result = payments.cancel(key.scope(), partner(key), PathIds.uuid("id", id));
        if (result instanceof CancelResult.Canceled canceled) {
            return body(canceled.view());
        }
        if (result instanceof CancelResult.NotCancelable refused) {
            String status = refused.view().payment().status().wireName();
            throw new ApiProblem(Problem.CONFLICT, refused.view().payment().isPending()
                    ? "A direct payment's charge is with the processor: the payment completes or fails, and cannot be canceled"
                    : "The payment is " + status + " and can no longer be canceled", Map.of("status", List.of(status)));
        }
        throw notFound();
    }

    private ExternalPaymentBody created(CreateResult result) {
        if (result instanceof CreateResult.Created created) {
            return body(created.view());
        }
        if (result instanceof CreateResult.ProcessorUnavailable unavailable) {
            throw new ApiProblem(Problem.SERVICE_UNAVAILABLE, unavailable.message());
        }
        CreateResult.Rejected rejected = (CreateResult.Rejected) result;
        throw switch (rejected.rejection()) {
            case INVOICE_NOT_FOUND -> new ApiProblem(Problem.NOT_FOUND, rejected.detail());
            case CURRENCY_MISMATCH, CURRENCY_NOT_SERVED -> ApiProblem.validation("currency", rejected.detail());
            case PAYMENT_METHOD_REFUSED -> ApiProblem.validation("paymentMethod", rejected.detail());
            case AMOUNT_NOT_OPEN_BALANCE -> ApiProblem.validation("amountMinor", rejected.detail());
            case CALLBACK_REFUSED -> ApiProblem.validation("callbackUrl", rejected.detail());
            case INVOICE_NOT_PAYABLE, INVOICE_ALREADY_COLLECTED -> new ApiProblem(Problem.CONFLICT, rejected.detail(),
                    Map.of("invoiceId", List.of(rejected.detail())));
        };
    }

    private ExternalPaymentBody body(ExternalPaymentView view) {
        UUID id = view.payment().id();
        return ExternalPaymentViews.of(view, links,
                refunds.ofPayments(view.payment().scope(), List.of(id)).getOrDefault(id, List.of()), nextActionUrl(view));
    }

    /** Where the payer must go to authenticate a pending direct payment's charge, while the processor waits for it. */
    private Optional<String> nextActionUrl(ExternalPaymentView view) {
        ExternalPayment payment = view.payment();
        return payment.isPending() && payment.mode() == ExternalPaymentMode.DIRECT && !payment.scope().isTest()
                ? charges.nextActionUrl(payment.scope(), payment.id()) : Optional.empty();
    }

    private static String partner(KeyPrincipal key) {
        return PartnerScope.of(key.key()).name();
    }

    private static ApiProblem notFound() {
        return new ApiProblem(Problem.NOT_FOUND, "No external payment with this id");
    }
}
