package dev.recaudo.rest.page;

import dev.recaudo.application.banktransfer.PayerReportsUseCase;
import dev.recaudo.application.banktransfer.PayerReportsUseCase.Form;
import dev.recaudo.application.banktransfer.PayerReportsUseCase.Result;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The payer's report of a transfer from the page's "pay by transfer" section (Pago Móvil and
 * similar, whose banks cannot carry the reference): stored as a claim the statement import matches,
 * never a payment by itself (docs/reference/checkout.md). CSRF-protected like the Pay buttons.
 */
@Path("/pay/{checkoutId}/report")
@Tag(name = "Hosted checkout page")
@SecurityRequirements
@APIResponse(responseCode = "404", ref = "PageNotFound")
public class PayerReportResource {

    @Inject
    PayerReportsUseCase reports;

    @Inject
    PageForms forms;

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "reportHostedCheckoutTransfer", summary = "Report a transfer the bank could not label (form post)")
    @APIResponse(responseCode = "303", description = "Back to the page, which shows the report as received, to be confirmed")
    @APIResponse(responseCode = "400", description = "A field is missing or malformed; the page names it",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "403", ref = "PageForbidden")
    @APIResponse(responseCode = "409", description = "The checkout already has its open reports, or this reference is reported",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "415", ref = "PageUnsupportedMediaType")
    @APIResponse(responseCode = "429", description = "Too many reports for this checkout lately",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public Response report(@PathParam("checkoutId") String checkoutId, @FormParam("csrf") String csrf,
            @FormParam("bank") String bank, @FormParam("phone") String phone, @FormParam("reference") String reference,
            @FormParam("date") String date, @FormParam("amount") String amount,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        PageTexts texts = PageTexts.forAcceptLanguage(acceptLanguage);
        TransferSection.Report words = TransferSection.Texts.of(texts).report();
        return forms.post(checkoutId, csrf, texts, id -> {
            Result result = reports.report(id, new Form(bank, phone, reference, date, amount));
            if (result instanceof Result.Invalid invalid) {
                return forms.message(400, words.invalidTitle(), String.format(words.invalid(), words.label(invalid.field()),
                        invalid.problem()), texts);
            }
            if (result instanceof Result.TooMany) {
                return forms.message(409, words.invalidTitle(), words.tooMany(), texts);
            }
            if (result instanceof Result.RateLimited limited) {
                return Response.fromResponse(forms.message(429, words.invalidTitle(), words.rateLimited(), texts))
                        .header("Retry-After", limited.retryAfterSeconds()).build();
            }
            if (!(result instanceof Result.Reported)) {
                return forms.notFound(texts);
            }
            // Relative to /pay/{id}/report: back to the page, which lists the report as received.
            return PageForms.seeOther("../" + id + "#reports");
        });
    }
}
