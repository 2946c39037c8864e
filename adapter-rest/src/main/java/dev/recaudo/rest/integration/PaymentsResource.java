package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.CertifiedRateCommand;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.VerifiedPayment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.ChangeSlice;
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
import dev.recaudo.rest.common.ErrorEnvelopes;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RequestIds;
import dev.recaudo.rest.common.RestSettings;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Payments of the integrations API: verified payments, certified rates, and reads. */
@Path("/integrations/v1/{companyId}")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Integrations")
@SecurityRequirementsSet({@SecurityRequirement(name = "apiKeyBearer"), @SecurityRequirement(name = "integrationsSignature"),
        @SecurityRequirement(name = "integrationsTimestamp")})
public class PaymentsResource {

    private final VerifiedPaymentsUseCase payments;
    private final RequestBodies bodies;
    private final RequestValidation validation;
    private final IdempotentWrites idempotent;
    private final KeyGate gate;
    private final Caller caller;
    private final Cursors cursors;
    private final RestSettings settings;
    private final PaymentAnswers answers;

    public PaymentsResource(VerifiedPaymentsUseCase payments, RequestBodies bodies, RequestValidation validation,
            IdempotentWrites idempotent, KeyGate gate, Caller caller, Cursors cursors, RestSettings settings,
            PaymentAnswers answers) {
        this.payments = payments;
        this.bodies = bodies;
        this.validation = validation;
        this.idempotent = idempotent;
        this.gate = gate;
        this.caller = caller;
        this.cursors = cursors;
        this.settings = settings;
        this.answers = answers;
    }

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
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @APIResponse(responseCode = "409", ref = "IntegrationsConflict")
    @APIResponse(responseCode = "415", ref = "IntegrationsUnsupportedMediaType")
    @APIResponse(responseCode = "500", description = "The application did not finish (status failed); nothing was kept",
            content = @Content(schema = @Schema(
                    oneOf = {PaymentAnswers.FailedPayment.class, ErrorEnvelopes.IntegrationsErrorResponse.class})))
    @APIResponse(responseCode = "503", ref = "IntegrationsServiceUnavailable")
    public Response verifiedPayment(
            @BeanParam IntegrationWrite write,
            @HeaderParam(RequestIds.HEADER) String requestId,
            JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        gate.limit("verified-payments:" + key.key().id(),
                RateLimitPolicy.perMinute(settings.rateLimit().verifiedPayments().perMinute()));
        PaymentRequests.VerifiedPaymentRequest body = bodies.read(json, PaymentRequests.VerifiedPaymentRequest.class);
        VerifiedPayment command = PaymentRequests.verified(validation, key, body, requestId, documentsMax());
        return answers.guarded(body.externalPaymentId(), body.source(), requestId, () -> idempotent.execute(
                IdempotentWrites.Family.INTEGRATIONS, key,
                IdempotentWrites.Request.ofBody("integrations.verified_payments", write.idempotencyKey(), json),
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
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @APIResponse(responseCode = "409", ref = "IntegrationsConflict")
    @APIResponse(responseCode = "415", ref = "IntegrationsUnsupportedMediaType")
    @APIResponse(responseCode = "500", description = "The application did not finish (status failed); nothing was kept",
            content = @Content(schema = @Schema(
                    oneOf = {PaymentAnswers.FailedPayment.class, ErrorEnvelopes.IntegrationsErrorResponse.class})))
    @APIResponse(responseCode = "503", ref = "IntegrationsServiceUnavailable")
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
        IdempotentWrites.Request request = new IdempotentWrites.Request("integrations.certified_rate", write.idempotencyKey(),
                Map.of("externalPaymentId", externalPaymentId), json);
        return answers.guarded(externalPaymentId, source, requestId, () -> idempotent.execute(IdempotentWrites.Family.INTEGRATIONS,
                key, request, () -> answers.answer(payments.certify(command), requestId)));
    }

    @GET
    @Operation(operationId = "listPayments")
    @APIResponse(responseCode = "200", description = "A page of payments, by cursor")
    @Path("payments")
    @RequiresPermission(Permission.PAYMENTS_READ)
    public PaymentPage list(
            @PathParam("companyId") String companyId,
            @QueryParam("status") String status,
            @QueryParam("paymentStatus") String paymentStatus,
            @QueryParam("externalPaymentId") String externalPaymentId,
            @QueryParam("customerExternalId") String customerExternalId,
            @QueryParam("source") String source,
            @QueryParam("provider") String provider,
            @QueryParam("currency") String currency,
            @QueryParam("paidFrom") String paidFrom,
            @QueryParam("paidTo") String paidTo,
            @QueryParam("updatedSince") String updatedSince,
            @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit,
            @HeaderParam(RequestIds.HEADER) String requestId) {
        KeyPrincipal key = caller.key();
        Set<PaymentOutcome> outcomes = PaymentRequests.outcomes(status, paymentStatus);
        Optional<PaymentKind> kind = PaymentRequests.kind(provider);
        Optional<CurrencyCode> currencyFilter = IntegrationFields.currencyFilter(currency);
        int pageSize = QueryParams.pageSize("limit", limit, settings.pages().integrations());
        PaymentListQuery query = new PaymentListQuery(outcomes, Optional.ofNullable(externalPaymentId), Optional.empty(),
                IntegrationFields.listSource(source, key), kind, currencyFilter,
                IntegrationFields.queryDateTime("paidFrom", paidFrom), IntegrationFields.queryDateTime("paidTo", paidTo),
                IntegrationFields.queryDateTime("updatedSince", updatedSince),
                SyncCursors.open(cursors, SyncCursors.PAYMENTS, cursor), pageSize);
        ChangeSlice<PaymentView> slice = payments.list(key.scope(), query, Optional.ofNullable(customerExternalId));
        return new PaymentPage(slice.items().stream()
                .map(view -> IntegrationViews.payment(view, view.payment().outcome().wireName(),
                        view.payment().requestId().orElse(null)))
                .toList(), new Pagination(pageSize, SyncCursors.next(cursors, SyncCursors.PAYMENTS, slice.next()),
                        slice.hasMore()));
    }

    /**
     * One payment of the key's partner by the id the list shows, whatever its kind: the partner's
     * own id of a verified payment, {@code settlement:<invoiceId>} or {@code checkout:<checkoutId>}.
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
