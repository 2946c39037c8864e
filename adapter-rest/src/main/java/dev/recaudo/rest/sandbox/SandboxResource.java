package dev.recaudo.rest.sandbox;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase;
import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.invoice.SandboxUseCase.SandboxResult;
import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.application.refund.MoneyReturnedUseCase.ChargebackResult;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.auth.SandboxApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.externalpayment.ExternalPaymentViews;
import dev.recaudo.rest.externalpayment.RefundViews;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Sandbox controls for test keys. Each invoice control answers the invoice after the change, as
 * {@code GET /v1/invoices/{invoiceId}} would; the chargeback control answers the chargeback.
 */
@Path("/sandbox")
@SandboxApi
@MovesMoney
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sandbox")
@APIResponse(responseCode = "404", ref = "PublicNotFound")
@APIResponse(responseCode = "409", ref = "PublicConflict")
@APIResponse(responseCode = "503", ref = "PublicServiceUnavailable")
public class SandboxResource {

    @Inject
    SandboxUseCase sandbox;

    @Inject
    CompleteExternalPaymentUseCase externalPayments;

    @Inject
    ExternalPaymentsUseCase externalPaymentReads;

    @Inject
    MoneyReturnedUseCase moneyReturned;

    @Inject
    PublicInvoiceProjection projection;

    @Inject
    Caller caller;

    /**
     * Pays the checkout as the hosted page would. An invoice's checkout: the invoice becomes PAID and
     * invoice.paid is queued; the answer is the invoice. A hosted external payment's (of the key's
     * partner): it completes as described in docs/reference/external-payments.md; the answer is the payment.
     */
    @POST
    @RequiresPermission({Permission.PUBLIC_INVOICES_WRITE, Permission.PAYMENTS_CREATE})
    @Operation(operationId = "completeSandboxCheckout")
    @Path("checkouts/{checkoutId}/complete")
    @APIResponse(responseCode = "200", description = "The invoice paid, or the external payment completed",
            content = @Content(schema = @Schema(
                    anyOf = {PublicInvoice.class, ExternalPaymentViews.ExternalPaymentBody.class})))
    public Object complete(@PathParam("checkoutId") String checkoutId) {
        KeyPrincipal key = caller.key();
        UUID id = PathIds.uuid("checkoutId", checkoutId);
        SandboxResult invoice = sandbox.completeCheckout(key.scope(), key.key().source(), id);
        if (!(invoice instanceof SandboxResult.NotFound)) {
            return answer(invoice);
        }
        Completion completion = externalPayments.completeHosted(key.scope(), Optional.of(PartnerScope.of(key.key()).name()), id);
        if (completion instanceof Completion.Completed completed) {
            return externalPayment(completed.payment());
        }
        if (completion instanceof Completion.AlreadyCompleted done) {
            throw notApplicable("the payment is " + done.payment().status().wireName() + ", not pending");
        }
        if (completion instanceof Completion.NotPayable refused) {
            throw notApplicable("the payment is " + refused.payment().status().wireName() + ", not pending");
        }
        return answer(invoice);
    }

    /** The payment attempt failed for good: the checkout is REJECTED and the invoice FAILED. */
    @POST
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @Operation(operationId = "failSandboxCheckout")
    @Path("checkouts/{checkoutId}/fail")
    @APIResponse(responseCode = "200", description = "The invoice, now FAILED")
    public PublicInvoice fail(@PathParam("checkoutId") String checkoutId) {
        return answer(sandbox.failCheckout(caller.key().scope(), caller.key().key().source(), PathIds.uuid("checkoutId", checkoutId)));
    }

    /** The payment of a PAID invoice was reconciled with the settlement: it becomes CONCILIATED. */
    @POST
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @Operation(operationId = "conciliateSandboxInvoice")
    @Path("invoices/{invoiceId}/conciliate")
    @APIResponse(responseCode = "200", description = "The invoice, now CONCILIATED")
    public PublicInvoice conciliate(@PathParam("invoiceId") String invoiceId) {
        return answer(sandbox.conciliate(caller.key().scope(), caller.key().key().source(), new DocumentId(PathIds.uuid("invoiceId", invoiceId))));
    }

    /**
     * The rail returned the money of a completed external payment of the key's partner (a card
     * chargeback, a returned transfer): everything the payment still holds goes back, as
     * docs/reference/external-payments.md describes. The answer is the chargeback.
     */
    @POST
    @RequiresPermission(Permission.PAYMENTS_CREATE)
    @Operation(operationId = "chargeBackSandboxExternalPayment")
    @Path("external-payments/{id}/chargeback")
    @APIResponse(responseCode = "200", description = "The chargeback, succeeded",
            content = @Content(schema = @Schema(implementation = RefundViews.RefundBody.class)))
    public RefundViews.RefundBody chargeback(@PathParam("id") String id) {
        KeyPrincipal key = caller.key();
        ChargebackResult result = moneyReturned.chargeback(key.scope(), PartnerScope.of(key.key()).name(),
                PathIds.uuid("id", id), Optional.of("sandbox chargeback"), Optional.of("sandbox_cb_" + UUID.randomUUID()));
        if (result instanceof ChargebackResult.ChargedBack charged) {
            return RefundViews.of(charged.refund());
        }
        if (result instanceof ChargebackResult.NothingToReturn nothing) {
            throw notApplicable(nothing.detail());
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No external payment with this id for this key");
    }

    private PublicInvoice answer(SandboxResult result) {
        if (result instanceof SandboxResult.Done done) {
            return projection.invoice(done.invoice());
        }
        if (result instanceof SandboxResult.NotApplicable notApplicable) {
            throw notApplicable(notApplicable.reason());
        }
        throw new ApiProblem(Problem.NOT_FOUND, "No such checkout or invoice for this key");
    }

    /** The completed payment as {@code GET /external/payments/{id}} answers it, with what it applied and credited. */
    private ExternalPaymentViews.ExternalPaymentBody externalPayment(ExternalPayment payment) {
        return ExternalPaymentViews.of(externalPaymentReads.get(payment.scope(), payment.partner(), payment.id()).orElseThrow(),
                projection);
    }

    private static ApiProblem notApplicable(String reason) {
        return new ApiProblem(Problem.CONFLICT, reason, Map.of("status", List.of(reason)));
    }
}
