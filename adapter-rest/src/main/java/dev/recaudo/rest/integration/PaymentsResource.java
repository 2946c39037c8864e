package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.CertifiedRateCommand;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.VerifiedPayment;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.KeyGate;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestIds;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Payments of the integrations API: verified payments, certified rates, and reads. */
@Path("/integrations/v1/{companyId}")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
public class PaymentsResource {

    @Inject
    VerifiedPaymentsUseCase payments;

    @Inject
    KeyGate gate;

    @Inject
    PaymentAnswers answers;

    @Inject
    IdempotentWrites writes;

    @Inject
    RequestBodies bodies;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    Cursors cursors;

    @Inject
    RestSettings settings;

    public record PaymentPage(List<IntegrationViews.PaymentBody> items, Pagination pagination) {}

    /**
     * Registers a payment the partner verified and applies it only to the listed documents (see
     * docs/reference/verified-payments.md). The same payment again, by {@code Idempotency-Key} or by
     * {@code source} + {@code externalPaymentId}, answers its original result as {@code already_processed}.
     */
    @POST
    @Operation(operationId = "reportVerifiedPayment")
    @Path("verified-payments")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.VERIFIED_PAYMENTS_WRITE)
    @MovesMoney
    @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PaymentRequests.VerifiedPaymentRequest.class)))
    @APIResponse(responseCode = "200", description = "The payment with its outcome in status",
            content = @Content(schema = @Schema(implementation = IntegrationViews.PaymentBody.class)))
    @PaymentWriteAnswers
    public Response verifiedPayment(
            @BeanParam IntegrationWrite write,
            @HeaderParam(RequestIds.HEADER) String requestId,
            JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        gate.limit("verified-payments:" + key.key().id(),
                RateLimitPolicy.perMinute(settings.rateLimit().verifiedPayments().perMinute()));
        PaymentRequests.VerifiedPaymentRequest body = bodies.read(json, PaymentRequests.VerifiedPaymentRequest.class);
        VerifiedPayment command = PaymentRequests.verified(validation, key, body, requestId, documentsMax());
        return answers.guarded(PaymentFamily.VERIFIED, body.externalPaymentId(), body.source(), requestId,
                () -> writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, write.request("integrations.verified_payments", json),
                        () -> answers.answer(payments.apply(command), requestId),
                        replay -> answers.alreadyProcessed(key, body.source(), body.externalPaymentId(), requestId)));
    }

    /** Continues a {@code needs_certified_rate} payment with a certified rate and explicit documents. */
    @POST
    @Operation(operationId = "applyCertifiedRate")
    @Path("payments/{externalPaymentId}/certified-rate")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.CERTIFIED_RATES_WRITE)
    @MovesMoney
    @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PaymentRequests.CertifiedRateRequest.class)))
    @APIResponse(responseCode = "200", description = "The payment with its new outcome in status",
            content = @Content(schema = @Schema(implementation = IntegrationViews.PaymentBody.class)))
    @PaymentWriteAnswers
    public Response certifiedRate(
            @BeanParam IntegrationWrite write,
            @PathParam("externalPaymentId") String externalPaymentId,
            @HeaderParam(RequestIds.HEADER) String requestId,
            JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        PaymentRequests.CertifiedRateRequest body = bodies.read(json, PaymentRequests.CertifiedRateRequest.class);
        String source = IntegrationFields.partner(key);
        CertifiedRateCommand command = PaymentRequests.certified(validation, key, source, externalPaymentId, body, requestId, documentsMax());
        // The payment is part of the request: the same body for another payment is another request.
        IdempotentWrites.Request request = write.request("integrations.certified_rate",
                Map.of("externalPaymentId", externalPaymentId), json);
        return answers.guarded(PaymentFamily.CERTIFIED_RATE, externalPaymentId, source, requestId,
                () -> writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, request, () -> answers.answer(payments.certify(command), requestId)));
    }

    @GET
    @Operation(operationId = "listPayments")
    @APIResponse(responseCode = "200", description = "A page of payments, by cursor")
    @Path("payments")
    @RequiresPermission(Permission.PAYMENTS_READ)
    public PaymentPage list(
            @BeanParam IntegrationList page,
            @QueryParam("status") String status,
            @QueryParam("paymentStatus") String paymentStatus,
            @QueryParam("externalPaymentId") String externalPaymentId,
            @QueryParam("customerExternalId") String customerExternalId,
            @QueryParam("provider") String provider,
            @QueryParam("currency") String currency,
            @QueryParam("paidFrom") String paidFrom,
            @QueryParam("paidTo") String paidTo,
            @QueryParam("updatedSince") String updatedSince,
            @HeaderParam(RequestIds.HEADER) String requestId) {
        KeyPrincipal key = caller.key();
        Set<PaymentOutcome> outcomes = PaymentRequests.outcomes(status, paymentStatus);
        Optional<PaymentKind> kind = PaymentRequests.kind(provider);
        Optional<CurrencyCode> currencyFilter = IntegrationFields.currencyFilter(currency);
        int pageSize = page.pageSize(settings);
        PaymentListQuery query = new PaymentListQuery(outcomes, Optional.ofNullable(externalPaymentId), Optional.empty(),
                page.source(key), kind, currencyFilter,
                IntegrationFields.queryDateTime("paidFrom", paidFrom), IntegrationFields.queryDateTime("paidTo", paidTo),
                IntegrationFields.queryDateTime("updatedSince", updatedSince),
                SyncCursors.open(cursors, SyncCursors.PAYMENTS, page.cursor()), pageSize);
        ChangeSlice<PaymentView> slice = payments.list(key.scope(), query, Optional.ofNullable(customerExternalId));
        return new PaymentPage(slice.items().stream()
                .map(view -> IntegrationViews.payment(view, view.payment().outcome().wireName(),
                        view.payment().requestId().orElse(null)))
                .toList(), new Pagination(pageSize, SyncCursors.next(cursors, SyncCursors.PAYMENTS, slice.next()),
                        slice.hasMore()));
    }

    /**
     * One payment of the key's partner by the id the list and its documents' {@code appliedPayments}
     * show, whatever its kind: the partner's own id of a verified payment, {@code settlement:<invoiceId>},
     * {@code checkout:<checkoutId>} or {@code external:<externalPaymentId>}.
     */
    @GET
    @Operation(operationId = "getPayment")
    @APIResponse(responseCode = "200", description = "The payment")
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @Path("payments/{externalPaymentId}")
    @RequiresPermission(Permission.PAYMENTS_READ)
    public IntegrationViews.PaymentBody get(@PathParam("companyId") String companyId,
            @PathParam("externalPaymentId") String externalPaymentId, @QueryParam("source") String source) {
        KeyPrincipal key = caller.key();
        PaymentView view = payments.get(key.scope(), IntegrationFields.detailSource(source, key), externalPaymentId)
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No payment with this externalPaymentId"));
        return IntegrationViews.payment(view, view.payment().outcome().wireName(), view.payment().requestId().orElse(null));
    }

    private int documentsMax() {
        return settings.integrations().documentsPerPaymentMax();
    }
}
