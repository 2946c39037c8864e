package dev.recaudo.rest.page;

import dev.recaudo.application.banktransfer.PayerReportsUseCase;
import dev.recaudo.application.banktransfer.TransferInstructionsUseCase;
import dev.recaudo.application.card.CardCheckoutUseCase;
import dev.recaudo.application.card.CardCheckoutUseCase.PayByCard;
import dev.recaudo.application.checkout.HostedCheckoutUseCase;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutPage;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PageState;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PayResult;
import dev.recaudo.rest.common.PathIds;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The hosted checkout page payers open from a {@code payment_link} or {@code checkoutUrl}
 * (docs/reference/checkout.md). Server-rendered, no JavaScript; the URL is the payer's only
 * credential, so it is never sent on as a referrer and never cached.
 */
@Path("/pay/{checkoutId}")
@Tag(name = "Hosted checkout page")
@SecurityRequirements
@APIResponse(responseCode = "404", ref = "PageNotFound")
public class HostedCheckoutResource {

    @Inject
    HostedCheckoutUseCase checkouts;

    @Inject
    PageTokens tokens;

    @Inject
    CardCheckoutUseCase cards;

    @Inject
    TransferInstructionsUseCase transfers;

    @Inject
    PayerReportsUseCase reports;

    @Inject
    Clock clock;

    @Inject
    @Location("hosted-checkout.html")
    Template page;

    @Inject
    PageForms forms;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "showHostedCheckout", summary = "The payer's checkout page (HTML)")
    @APIResponse(responseCode = "200", description = "The page",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "301", description = "To the same page without the trailing slash")
    public Response show(@PathParam("checkoutId") String checkoutId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("paid") String paid,
            @Context UriInfo uri) {
        PageTexts texts = PageTexts.forAcceptLanguage(acceptLanguage);
        Optional<CheckoutPage> found = PathIds.parse(checkoutId).flatMap(checkouts::show);
        if (found.isEmpty()) {
            return forms.notFound(texts);
        }
        CheckoutPage shown = found.get();
        if (uri.getPath().endsWith("/")) {
            // The page's links are relative to /pay/{id}: with a trailing slash they would miss.
            return PageForms.secured(Response.status(Response.Status.MOVED_PERMANENTLY))
                    .header(HttpHeaders.LOCATION, self(shown.checkoutId(), uri)).build();
        }
        // Back from the processor's page before its completion arrived: the payment is being confirmed.
        boolean processing = "1".equals(paid) && !shown.test() && shown.state() == PageState.PENDING;
        boolean cardPayable = shown.cardPayable() && !processing;
        TransferSection transfer = shown.state() == PageState.PENDING && !shown.test() && !processing
                ? transfers.forCheckout(shown.checkoutId()).map(instructions -> TransferSection.of(instructions,
                        reports.open(shown.checkoutId()), shown.checkoutId() + "/report",
                        LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC), PayerReportsUseCase.AGE_MAX_DAYS, texts)).orElse(null)
                : null;
        String body = page.data("texts", texts)
                .data("companyName", shown.companyName())
                .data("title", shown.title())
                .data("description", shown.description().orElse(null))
                .data("amount", texts.amount(shown.amount()))
                .data("dueDate", shown.dueDate().map(texts::date).orElse(null))
                .data("stateName", shown.state().name().toLowerCase(Locale.ROOT))
                .data("stateText", processing ? texts.processing() : texts.state(shown.state()))
                .data("processing", processing)
                .data("refreshHref", shown.checkoutId() + "?paid=1")
                .data("cardPayable", cardPayable)
                .data("cardAction", shown.checkoutId() + "/card")
                .data("test", shown.test())
                .data("sandboxPayable", shown.sandboxPayable())
                .data("unavailable", !shown.onlinePayment() && shown.state() == PageState.PENDING && transfer == null)
                .data("transfer", transfer)
                .data("transferTexts", TransferSection.Texts.of(texts))
                .data("formAction", shown.checkoutId().toString())
                .data("csrf", shown.sandboxPayable() || cardPayable || transfer != null ? tokens.issue(shown.checkoutId()) : "")
                .data("redirectUrl", shown.state() == PageState.PAID ? shown.redirectUrl().orElse(null) : null)
                .render();
        Response.ResponseBuilder response = PageForms.secured(Response.status(200).entity(body)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))).header(HttpHeaders.CONTENT_LANGUAGE, texts.lang());
        if (cardPayable) {
            // The Pay-by-card form's 303 leads to the processor's page, which form-action must allow (browsers check redirects too).
            // Replaced, not added: two policies would both be enforced, and the stricter one would block the redirect.
            response.header("Content-Security-Policy", null).header("Content-Security-Policy",
                    PageErrors.CARD_CONTENT_SECURITY_POLICY);
        }
        return response.build();
    }

    /** The Pay-by-card button of a live checkout: {@code 303} to the checkout's one open session at the processor. */
    @POST
    @Path("card")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "payHostedCheckoutByCard", summary = "Pay a live checkout by card (form post)")
    @APIResponse(responseCode = "303", description = "To the processor's hosted page, or back to the page, which tells the outcome")
    @APIResponse(responseCode = "403", ref = "PageForbidden")
    @APIResponse(responseCode = "415", ref = "PageUnsupportedMediaType")
    @APIResponse(responseCode = "503", description = "The card processor did not answer; nothing was paid",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public Response payByCard(@PathParam("checkoutId") String checkoutId, @FormParam("csrf") String csrf,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @Context UriInfo uri) {
        PageTexts texts = PageTexts.forAcceptLanguage(acceptLanguage);
        return forms.post(checkoutId, csrf, texts, id -> {
            PayByCard result = cards.pay(id);
            if (result instanceof PayByCard.NotFound) {
                return forms.notFound(texts);
            }
            if (result instanceof PayByCard.ProcessorUnavailable) {
                return forms.message(503, texts.failureTitle(), texts.failureText(), texts);
            }
            return PageForms.seeOther(result instanceof PayByCard.ToProcessor to ? to.url() : "../" + id);
        });
    }

    /** The sandbox's Pay button: pays a pending test checkout once, then shows the page again ({@code 303}). */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @Operation(operationId = "payHostedCheckoutInSandbox", summary = "Pay a test checkout from its page (form post)")
    @APIResponse(responseCode = "303", description = "Back to the page, which tells the outcome")
    @APIResponse(responseCode = "403", ref = "PageForbidden")
    @APIResponse(responseCode = "415", ref = "PageUnsupportedMediaType")
    public Response pay(@PathParam("checkoutId") String checkoutId, @FormParam("csrf") String csrf,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @Context UriInfo uri) {
        PageTexts texts = PageTexts.forAcceptLanguage(acceptLanguage);
        return forms.post(checkoutId, csrf, texts, id -> {
            PayResult result = checkouts.payInSandbox(id);
            if (result instanceof PayResult.NotFound) {
                return forms.notFound(texts);
            }
            // Paid, already paid, canceled or not offered: the page says which.
            // Relative, so that it resolves under any root path or proxy prefix the page was reached through.
            return PageForms.seeOther(self(id, uri));
        });
    }

    /** The page's own address relative to the request's, so that it holds under any root path or proxy prefix. */
    private static String self(UUID checkoutId, UriInfo uri) {
        return (uri.getPath().endsWith("/") ? "../" : "") + checkoutId;
    }
}
