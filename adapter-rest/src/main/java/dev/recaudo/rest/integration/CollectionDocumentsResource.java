package dev.recaudo.rest.integration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.CancelResult;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.DocumentView;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.Rejection;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertDocument;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertResult;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.document.IntegrationDocumentQuery;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.rest.auth.IntegrationsApi;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RequestBodies;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
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
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Collection documents of the integrations API, identified by the partner's {@code externalDocumentId}. */
@Path("/integrations/v1/{companyId}/collection-documents")
@IntegrationsApi
@Produces(MediaType.APPLICATION_JSON)
public class CollectionDocumentsResource {

    @Inject
    CollectionDocumentsUseCase documents;

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

    public record DocumentPage(List<IntegrationViews.Document> items, Pagination pagination) {}

    /**
     * Synchronizes the customer, then creates ({@code 201}) or updates ({@code 200}) the document;
     * an identical document is answered {@code 200} without a write. {@code totalMinor}, when sent,
     * must equal the sum of the lines.
     */
    @POST
    @Operation(operationId = "upsertCollectionDocument")
    @Path("upsert")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.COLLECTION_DOCUMENTS_WRITE)
    @MovesMoney
    @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = DocumentRequests.UpsertRequest.class)))
    @APIResponse(responseCode = "200", description = "Updated, or unchanged",
            content = @Content(schema = @Schema(implementation = IntegrationViews.Document.class)))
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = IntegrationViews.Document.class)))
    @APIResponse(responseCode = "409", ref = "IntegrationsConflict")
    @APIResponse(responseCode = "415", ref = "IntegrationsUnsupportedMediaType")
    @APIResponse(responseCode = "503", ref = "IntegrationsServiceUnavailable")
    public Response upsert(
            @BeanParam IntegrationWrite write,
            JsonNode json) throws JsonProcessingException {
        KeyPrincipal key = caller.key();
        UpsertDocument command = DocumentRequests.upsert(validation, key,
                bodies.read(json, DocumentRequests.UpsertRequest.class), json.get("metadata"),
                settings.integrations().linesPerDocumentMax(), write.signedAt());
        return writes.execute(IdempotentWrites.Family.INTEGRATIONS, key, write.request("integrations.collection_documents.upsert", json), () -> {
            UpsertResult result = documents.upsert(command);
            if (result instanceof UpsertResult.Created created) {
                return UpsertReplies.reply(UpsertReplies.CREATED, IntegrationViews.document(created.document()));
            }
            if (result instanceof UpsertResult.Updated updated) {
                return UpsertReplies.reply(UpsertReplies.UPDATED, IntegrationViews.document(updated.document()));
            }
            if (result instanceof UpsertResult.Unchanged unchanged) {
                return UpsertReplies.reply(UpsertReplies.UNCHANGED, IntegrationViews.document(unchanged.document()));
            }
            throw rejection(((UpsertResult.Rejected) result).reason());
        });
    }

    @GET
    @Operation(operationId = "listCollectionDocuments")
    @APIResponse(responseCode = "200", description = "A page of documents, by cursor")
    @RequiresPermission(Permission.COLLECTION_DOCUMENTS_READ)
    public DocumentPage list(
            @BeanParam IntegrationList page,
            @QueryParam("status") String status,
            @QueryParam("customerExternalId") String customerExternalId,
            @QueryParam("externalDocumentId") String externalDocumentId,
            @QueryParam("currency") String currency,
            @QueryParam("balanceMin") String balanceMin,
            @QueryParam("balanceMax") String balanceMax,
            @QueryParam("issueDateFrom") String issueDateFrom,
            @QueryParam("issueDateTo") String issueDateTo,
            @QueryParam("dueDateFrom") String dueDateFrom,
            @QueryParam("dueDateTo") String dueDateTo,
            @QueryParam("updatedSince") String updatedSince) {
        KeyPrincipal key = caller.key();
        Optional<IntegrationViews.StatusFilter> statusFilter = Optional.ofNullable(status).map(text -> IntegrationViews
                .statusFilter(text).orElseThrow(() -> ApiProblem.validation("status",
                        "must be one of open, partially_paid, paid, conciliated, canceled, failed")));
        Optional<CurrencyCode> currencyFilter = IntegrationFields.currencyFilter(currency);
        int pageSize = page.pageSize(settings);
        IntegrationDocumentQuery query = new IntegrationDocumentQuery(
                page.source(key),
                statusFilter.map(IntegrationViews.StatusFilter::statuses).orElse(Set.of()),
                statusFilter.flatMap(IntegrationViews.StatusFilter::withMoneyApplied),
                Optional.empty(),
                Optional.ofNullable(externalDocumentId),
                currencyFilter,
                Optional.ofNullable(balanceMin).map(text -> (long) QueryParams.intBetween("balanceMin", text, 0, Integer.MAX_VALUE, 0)),
                Optional.ofNullable(balanceMax).map(text -> (long) QueryParams.intBetween("balanceMax", text, 0, Integer.MAX_VALUE, 0)),
                IntegrationFields.queryDateTime("issueDateFrom", issueDateFrom),
                IntegrationFields.queryDateTime("issueDateTo", issueDateTo),
                IntegrationFields.queryDateTime("dueDateFrom", dueDateFrom),
                IntegrationFields.queryDateTime("dueDateTo", dueDateTo),
                IntegrationFields.queryDateTime("updatedSince", updatedSince),
                SyncCursors.open(cursors, SyncCursors.DOCUMENTS, page.cursor()),
                pageSize);
        ChangeSlice<DocumentView> slice = documents.list(key.scope(), query, Optional.ofNullable(customerExternalId));
        return new DocumentPage(slice.items().stream().map(IntegrationViews::document).toList(),
                new Pagination(pageSize, SyncCursors.next(cursors, SyncCursors.DOCUMENTS, slice.next()), slice.hasMore()));
    }

    @GET
    @Operation(operationId = "getCollectionDocument")
    @APIResponse(responseCode = "200", description = "The document with its lines and applied payments")
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @Path("{externalDocumentId}")
    @RequiresPermission(Permission.COLLECTION_DOCUMENTS_READ)
    public IntegrationViews.Document get(@PathParam("companyId") String companyId,
            @PathParam("externalDocumentId") String externalDocumentId, @QueryParam("source") String source) {
        KeyPrincipal key = caller.key();
        return documents.get(key.scope(), IntegrationFields.detailSource(source, key), externalDocumentId)
                .map(IntegrationViews::document)
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No document with this externalDocumentId"));
    }

    /**
     * Annuls the document through the ledger. Idempotent: a repeat answers {@code 200} with the
     * same document. Applied payments or a settled status are {@code 409 conflict}, and nothing changes.
     */
    @POST
    @Operation(operationId = "cancelCollectionDocument")
    @Path("{externalDocumentId}/cancel")
    @RequiresPermission(Permission.COLLECTION_DOCUMENTS_WRITE)
    @MovesMoney
    @APIResponse(responseCode = "200", description = "The document, canceled",
            content = @Content(schema = @Schema(implementation = IntegrationViews.Document.class)))
    @APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
    @APIResponse(responseCode = "409", ref = "IntegrationsConflict")
    @APIResponse(responseCode = "503", ref = "IntegrationsServiceUnavailable")
    public Response cancel(
            @BeanParam IntegrationWrite write,
            @PathParam("externalDocumentId") String externalDocumentId) {
        KeyPrincipal key = caller.key();
        String source = IntegrationFields.partner(key);
        return writes.execute(IdempotentWrites.Family.INTEGRATIONS, key,
                write.request("integrations.collection_documents.cancel", Map.of("externalDocumentId", externalDocumentId), null), () -> {
                    CancelResult result = documents.cancel(key.scope(), source, externalDocumentId);
                    if (result instanceof CancelResult.Canceled canceled) {
                        return IdempotentWrites.Reply.audited(200, IntegrationViews.document(canceled.document()), "canceled", null);
                    }
                    if (result instanceof CancelResult.NotFound) {
                        throw new ApiProblem(Problem.NOT_FOUND, "No document with this externalDocumentId");
                    }
                    throw rejection(((CancelResult.Rejected) result).reason());
                });
    }

    private static ApiProblem rejection(Rejection reason) {
        return switch (reason) {
            case CURRENCY_NOT_SETTLEABLE -> ApiProblem.validation("currency", "must be one of " + Payment.VERIFIED_CURRENCIES
                    + " for a new document: verified payments and certified rates settle no other currency");
            case CUSTOMER_CHANGED -> conflict("The document belongs to another customer; documents do not move between customers");
            case CURRENCY_CHANGED -> conflict("The document's currency cannot change");
            case TAX_IDENTITY_CHANGED -> conflict("customer." + CustomersResource.TAX_IDENTITY_CHANGED);
            case TAX_IDENTITY_TAKEN -> conflict("The customer's taxId already identifies another customer of this company");
            case PAYMENTS_APPLIED, MONEY_APPLIED -> conflict("Payments were applied to the document: its total can no longer"
                    + " change and it cannot be canceled");
            case SETTLED_AMOUNT_DIFFERS -> conflict("The document is settled: its total must stay the settled total");
            case STATUS_FORBIDS -> conflict("The document's status does not allow this change");
            case STALE -> new ApiProblem(Problem.STALE_WRITE, "An upsert of this document signed later (Service-Timestamp)"
                    + " was applied already; nothing was changed");
        };
    }

    private static ApiProblem conflict(String message) {
        return new ApiProblem(Problem.CONFLICT, message);
    }
}
