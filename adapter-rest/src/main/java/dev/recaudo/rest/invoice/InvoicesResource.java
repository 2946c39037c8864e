package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.document.DocumentQueries;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateInvoice;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.DeleteResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateInvoice;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateResult;
import dev.recaudo.application.invoice.InvoiceView;
import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.PublicApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The public invoice API: collection documents in major units of the company's reference currency. */
@Path("/v1/invoices")
@PublicApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Public invoices")
public class InvoicesResource {

    static final String IDEMPOTENCY_HEADER = IdempotentWrites.PUBLIC_HEADER;
    static final String CREATE_OPERATION = "public_invoices.create";

    @Inject
    DocumentQueries documents;

    @Inject
    InvoiceLifecycleUseCase invoices;

    @Inject
    BulkAnnulmentUseCase bulk;

    @Inject
    IdempotentWrites writes;

    @Inject
    PublicInvoiceProjection projection;

    @Inject
    ObjectMapper json;

    @Inject
    RequestValidation validation;

    @Inject
    Caller caller;

    @Inject
    RestSettings settings;

    @GET
    @Operation(operationId = "listInvoices")
    @RequiresPermission(Permission.PUBLIC_INVOICES_READ)
    @APIResponse(responseCode = "200", description = "A page of the partner's invoices")
    public InvoiceViews.InvoicePage list(
            @QueryParam("page") String page,
            @QueryParam("per_page") String perPage,
            @QueryParam("filter[status]") String status,
            @QueryParam("sort") String sort) {
        KeyPrincipal key = caller.key();
        DocumentListQuery query = InvoiceRequests.listQuery(key.key().source(), page, perPage, status, sort,
                settings.pages().publicInvoices());
        return InvoiceViews.InvoicePage.of(documents.list(key.scope(), query));
    }

    /**
     * Creates the document, its customer when new, and a checkout for the full balance. The
     * {@code x-idempotency} key belongs to the key's partner: it replays the first answer for an
     * equal body (as parsed JSON) and refuses a different one; while the first request is still
     * running, a twin waits for it.
     */
    @POST
    @Operation(operationId = "createInvoice")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CreateInvoiceRequest.class)))
    @APIResponse(responseCode = "201", description = "Created, or the first answer replayed",
            content = @Content(schema = @Schema(implementation = PublicInvoice.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @APIResponse(responseCode = "503", ref = "PublicServiceUnavailable")
    public Response create(
            @Parameter(required = true, description = "1 to 255 characters; the same key and body replay the first answer")
            @HeaderParam(IDEMPOTENCY_HEADER) String idempotencyKey,
            JsonNode body) {
        KeyPrincipal key = caller.key();
        InvoiceRequests.partner(key);
        CurrencyCode currency = key.companyReferenceCurrency().orElseThrow(ApiProblem::noFinancialConfiguration);
        InvoiceRequests.requireIdempotencyKey(idempotencyKey);
        CreateInvoice command = InvoiceRequests.creation(validation, key, currency, idempotencyKey, body);
        return writes.execute(IdempotentWrites.Family.PUBLIC, key,
                IdempotentWrites.Request.ofBody(CREATE_OPERATION, idempotencyKey, body), () -> {
                    CreateResult result = invoices.create(command);
                    if (result instanceof CreateResult.Created created) {
                        return new IdempotentWrites.Reply(201, projection.invoice(created.invoice()));
                    }
                    throw new ApiProblem(Problem.CONFLICT, "Another invoice of this provider already has this provider_id",
                            Map.of("provider_id", List.of("is already used by another invoice")));
                });
    }

    @GET
    @Operation(operationId = "getInvoice")
    @Path("{invoiceId}")
    @RequiresPermission(Permission.PUBLIC_INVOICES_READ)
    @APIResponse(responseCode = "200", description = "The invoice with its current checkout", headers = @Header(
            name = "ETag", description = "The invoice's version, for If-Match", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(schema = @Schema(implementation = PublicInvoice.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    public Response get(@PathParam("invoiceId") String invoiceId) {
        KeyPrincipal key = caller.key();
        InvoiceView view = invoices.get(key.scope(), key.key().source(), InvoiceRequests.documentId(invoiceId))
                .orElseThrow(InvoiceProblems::notFound);
        return invoice(view).build();
    }

    /** A full replacement of the informational data; see the states table for what money allows. */
    @PUT
    @Operation(operationId = "updateInvoice")
    @Path("{invoiceId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = UpdateInvoiceRequest.class)))
    @APIResponse(responseCode = "200", description = "The invoice as replaced", headers = @Header(
            name = "ETag", description = "The invoice's new version", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(schema = @Schema(implementation = PublicInvoice.class)))
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @APIResponse(responseCode = "503", ref = "PublicServiceUnavailable")
    public Response update(
            @PathParam("invoiceId") String invoiceId, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, JsonNode body) {
        KeyPrincipal key = caller.key();
        InvoiceRequests.partner(key);
        InvoiceRequests.Replacement replacement = InvoiceRequests.replacement(validation, body);
        DocumentId id = InvoiceRequests.documentId(invoiceId);
        InvoiceView current = invoices.get(key.scope(), key.key().source(), id).orElseThrow(InvoiceProblems::notFound);
        Money total = InvoiceRequests.total(replacement.amount(), current.document().total().currency());
        UpdateResult result = invoices.update(new UpdateInvoice(key.scope(), key.key().source(), id, replacement.reference(),
                total, replacement.details(), replacement.providerId(), InvoiceRequests.expectedVersion(ifMatch)));
        if (result instanceof UpdateResult.Updated updated) {
            return invoice(updated.invoice()).build();
        }
        if (result instanceof UpdateResult.NotFound) {
            throw InvoiceProblems.notFound();
        }
        throw InvoiceProblems.updateRefused(((UpdateResult.Rejected) result).reason(), current.document());
    }

    /**
     * Without a body, or with {@code reason} {@code DELETE_FROM_PROVIDER}: annuls the invoice.
     * With {@code PAID_FROM_PROVIDER} and {@code provider_payment_id}: applies exactly the open
     * balance as paid outside Recaudo. Refusals are {@code 409} (10009) and change nothing.
     */
    @DELETE
    @Operation(operationId = "deleteInvoice")
    @Path("{invoiceId}")
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = DeleteInvoiceRequest.class)))
    @APIResponse(responseCode = "204", description = "Annulled, or settled by the provider's payment")
    @APIResponse(responseCode = "404", ref = "PublicNotFound")
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "503", ref = "PublicServiceUnavailable")
    public Response delete(@PathParam("invoiceId") String invoiceId, String body) {
        KeyPrincipal key = caller.key();
        InvoiceRequests.partner(key);
        InvoiceRequests.Deletion request = InvoiceRequests.deletion(validation, body, json);
        DocumentId id = InvoiceRequests.documentId(invoiceId);
        DeleteResult result = request.providerPaymentId().isPresent()
                ? invoices.settleFromProvider(key.scope(), key.key().source(), id, request.providerPaymentId().get())
                : invoices.annul(key.scope(), key.key().source(), id);
        InvoiceProblems.throwIfNotDone(result);
        return Response.noContent().build();
    }

    /**
     * Enqueues the annulment of every pending document of the key's partner. Paid, conciliated and
     * partially paid documents are skipped. Answers {@code 202} with a null body.
     */
    @DELETE
    @Operation(operationId = "deleteInvoices")
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = DeleteInvoiceRequest.class)))
    @APIResponse(responseCode = "202", description = "Enqueued; the body is null", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT, nullable = true)))
    @APIResponse(responseCode = "503", ref = "PublicServiceUnavailable")
    public Response deleteAll(String body) {
        KeyPrincipal key = caller.key();
        String source = InvoiceRequests.partner(key);
        InvoiceRequests.Deletion request = InvoiceRequests.deletion(validation, body, json);
        if (request.providerPaymentId().isPresent()) {
            throw ApiProblem.validation("reason", "must be DELETE_FROM_PROVIDER");
        }
        bulk.enqueue(key.scope(), source);
        return Response.accepted("null").type(MediaType.APPLICATION_JSON).build();
    }

    private Response.ResponseBuilder invoice(InvoiceView view) {
        return Response.ok(projection.invoice(view)).tag(Long.toString(view.document().version()));
    }
}
