package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.document.DocumentQueries;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateInvoice;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.DeleteResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateInvoice;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateResult;
import dev.recaudo.application.invoice.InvoiceView;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.customer.TaxIdentity;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.auth.MovesMoney;
import dev.recaudo.rest.auth.PublicApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.JsonBody;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
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
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The public invoice API: collection documents in major units of the company's reference currency. */
@Path("/v1/invoices")
@PublicApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Public invoices")
@SecurityRequirement(name = "apiKeyBearer")
public class InvoicesResource {

    static final String IDEMPOTENCY_HEADER = IdempotentWrites.PUBLIC_HEADER;
    static final String CREATE_OPERATION = "public_invoices.create";
    private static final Set<String> UPDATE_FIELDS = Set.of(
            "reference", "amount", "name", "provider_id", "description", "phone", "email", "due_date");
    private static final Set<String> DELETE_FIELDS = Set.of("reason", "provider_payment_id");

    private final DocumentQueries documents;
    private final InvoiceLifecycleUseCase invoices;
    private final BulkAnnulmentUseCase bulk;
    private final IdempotentWrites writes;
    private final PublicInvoiceProjection projection;
    private final ObjectMapper json;
    private final Caller caller;
    private final RestSettings settings;

    public InvoicesResource(
            DocumentQueries documents,
            InvoiceLifecycleUseCase invoices,
            BulkAnnulmentUseCase bulk,
            IdempotentWrites writes,
            PublicInvoiceProjection projection,
            ObjectMapper json,
            Caller caller,
            RestSettings settings) {
        this.documents = documents;
        this.invoices = invoices;
        this.bulk = bulk;
        this.writes = writes;
        this.projection = projection;
        this.json = json;
        this.caller = caller;
        this.settings = settings;
    }

    public record InvoiceListItem(
            UUID id,
            String name,
            String provider,
            String provider_id,
            String reference,
            String status,
            String remarks,
            @JsonRawValue String metadata,
            BigDecimal amount,
            String currency,
            LocalDate due_date,
            boolean is_test,
            Instant created_at,
            Instant updated_at) {

        static InvoiceListItem of(DocumentSummary document) {
            return new InvoiceListItem(document.id(), document.name(), document.source(), document.providerId(),
                    document.reference(), document.status().name(), document.remarks(), document.metadataJson(),
                    PublicInvoiceProjection.majorUnits(document.total()), document.total().currency().name(),
                    document.dueDate(), document.test(), document.createdAt(), document.updatedAt());
        }
    }

    /** A page in the shape partners know: {@code from} and {@code to} are null on an empty page. */
    public record InvoicePage(
            List<InvoiceListItem> data, int current_page, Long from, int last_page, int per_page, Long to, long total) {

        static InvoicePage of(Page<DocumentSummary> page) {
            boolean empty = page.items().isEmpty();
            return new InvoicePage(
                    page.items().stream().map(InvoiceListItem::of).toList(),
                    page.number(),
                    empty ? null : page.offset() + 1,
                    page.lastNumber(),
                    page.size(),
                    empty ? null : page.offset() + page.items().size(),
                    page.total());
        }
    }

    @GET
    @RequiresPermission(Permission.PUBLIC_INVOICES_READ)
    public InvoicePage list(
            @QueryParam("page") String page,
            @QueryParam("per_page") String perPage,
            @QueryParam("filter[status]") String status,
            @QueryParam("sort") String sort) {
        KeyPrincipal key = caller.key();
        Optional<DocumentStatus> statusFilter = Optional.ofNullable(status).map(text -> DocumentStatus.parse(text)
                .orElseThrow(() -> ApiProblem.validation("filter[status]", "must be one of " + Arrays.toString(DocumentStatus.values()))));
        if (sort != null && !sort.equals("created_at") && !sort.equals("-created_at")) {
            throw ApiProblem.validation("sort", "must be created_at or -created_at");
        }
        DocumentListQuery query = new DocumentListQuery(
                key.key().source(),
                statusFilter,
                !"created_at".equals(sort),
                QueryParams.intBetween("page", page, 1, Integer.MAX_VALUE, 1),
                QueryParams.pageSize("per_page", perPage, settings.pages().publicInvoices()));
        return InvoicePage.of(documents.list(key.scope(), query));
    }

    /**
     * Creates the document, its customer when new, and a checkout for the full balance. The
     * {@code x-idempotency} key belongs to the key's partner: it replays the first answer for an
     * equal body (as parsed JSON) and refuses a different one; while the first request is still
     * running, a twin waits for it.
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    public Response create(@HeaderParam(IDEMPOTENCY_HEADER) String idempotencyKey, JsonNode body) {
        KeyPrincipal key = caller.key();
        partner(key);
        CurrencyCode currency = key.companyReferenceCurrency().orElseThrow(ApiProblem::noFinancialConfiguration);
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            throw new ApiProblem(Problem.MISSING_IDEMPOTENCY_KEY, "The x-idempotency header is required (1 to 255 characters)",
                    Map.of(IDEMPOTENCY_HEADER, List.of("is required")));
        }
        if (idempotencyKey.length() > 255) {
            throw ApiProblem.validation(IDEMPOTENCY_HEADER, "must have at most 255 characters");
        }
        CreateInvoice command = createCommand(key, currency, idempotencyKey, body);
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
    @Path("{invoiceId}")
    @RequiresPermission(Permission.PUBLIC_INVOICES_READ)
    public Response get(@PathParam("invoiceId") String invoiceId) {
        KeyPrincipal key = caller.key();
        InvoiceView view = invoices.get(key.scope(), key.key().source(), documentId(invoiceId))
                .orElseThrow(InvoicesResource::notFound);
        return invoice(view).build();
    }

    /** A full replacement of the informational data; see the states table for what money allows. */
    @PUT
    @Path("{invoiceId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    public Response update(
            @PathParam("invoiceId") String invoiceId, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, JsonNode body) {
        KeyPrincipal key = caller.key();
        partner(key);
        FieldErrors errors = new FieldErrors();
        JsonBody fields = JsonBody.of(body, errors);
        if (fields.present("provider")) {
            throw new ApiProblem(Problem.CONFLICT, "provider cannot be changed: it is fixed when the invoice is created",
                    Map.of("provider", List.of("cannot be changed")));
        }
        fields.refuseUnknown(UPDATE_FIELDS);
        Optional<String> reference = fields.text("reference", true, 5, 100);
        Optional<BigDecimal> amount = fields.number("amount", true);
        Optional<String> name = fields.text("name", true, 2, 100);
        Optional<String> providerId = fields.text("provider_id", false, 1, 255);
        Optional<String> description = fields.text("description", false, 4, 2000);
        Optional<String> phone = InvoiceFields.phone(fields);
        Optional<String> email = InvoiceFields.email(fields);
        Optional<Instant> dueAt = InvoiceFields.dueDate(fields);
        errors.throwIfAny();
        DocumentId id = documentId(invoiceId);
        InvoiceView current = invoices.get(key.scope(), key.key().source(), id).orElseThrow(InvoicesResource::notFound);
        Money total = MajorUnits.parse("amount", amount.get(), current.document().total().currency(), errors).orElse(null);
        errors.throwIfAny();

        DocumentDetails details = new DocumentDetails(name.get(), description, phone, email,
                Optional.empty(), Optional.empty(), dueAt);
        UpdateResult result = invoices.update(new UpdateInvoice(key.scope(), key.key().source(), id, reference.get(), total,
                details, providerId, expectedVersion(ifMatch)));
        if (result instanceof UpdateResult.Updated updated) {
            return invoice(updated.invoice()).build();
        }
        if (result instanceof UpdateResult.NotFound) {
            throw notFound();
        }
        throw switch (((UpdateResult.Rejected) result).reason()) {
            case PAYMENTS_APPLIED -> conflict("payment", "Payments were applied to this invoice: it can no longer be changed");
            case SETTLED_AMOUNT_DIFFERS -> conflict("amount", "The invoice is settled: amount must stay "
                    + PublicInvoiceProjection.majorUnits(current.document().total()).toPlainString() + " (the settled total)");
            case TOTAL_FOLLOWS_LINES -> conflict("amount", "The invoice's total is the sum of its lines ("
                    + PublicInvoiceProjection.majorUnits(current.document().total()).toPlainString()
                    + "): only a new set of lines from its partner changes it");
            case STATUS_FORBIDS -> conflict("status", "The invoice is " + current.document().status() + " and cannot be changed");
            case PROVIDER_ID_IMMUTABLE -> conflict("provider_id", "provider_id cannot be changed after creation");
            case CURRENCY_CHANGED -> conflict("amount", "The invoice's currency cannot change");
            case VERSION_CONFLICT -> conflict("version", "The invoice changed since the version in If-Match; read it again");
            case REFERENCE_IDENTITY_CHANGED -> new ApiProblem(Problem.VALIDATION,
                    "reference may change format only, not the tax identity it names",
                    Map.of("reference", List.of("must normalize to the same tax identity as before")));
        };
    }

    /**
     * Without a body, or with {@code reason} {@code DELETE_FROM_PROVIDER}: annuls the invoice.
     * With {@code PAID_FROM_PROVIDER} and {@code provider_payment_id}: applies exactly the open
     * balance as paid outside Recaudo. Refusals are {@code 409} (10009) and change nothing.
     */
    @DELETE
    @Path("{invoiceId}")
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    public Response delete(@PathParam("invoiceId") String invoiceId, String body) {
        KeyPrincipal key = caller.key();
        partner(key);
        DeleteRequest request = deleteRequest(body);
        DocumentId id = documentId(invoiceId);
        DeleteResult result = request.providerPaymentId().isPresent()
                ? invoices.settleFromProvider(key.scope(), key.key().source(), id, request.providerPaymentId().get())
                : invoices.annul(key.scope(), key.key().source(), id);
        if (result instanceof DeleteResult.Done) {
            return Response.noContent().build();
        }
        if (result instanceof DeleteResult.NotFound) {
            throw notFound();
        }
        if (result instanceof DeleteResult.SettledByAnotherPayment) {
            throw conflict("provider_payment_id", "The invoice was already settled by another provider payment");
        }
        DocumentLifecycle.Rejection reason = ((DeleteResult.Rejected) result).reason();
        throw switch (reason) {
            case MONEY_APPLIED -> conflict("payment", "Money was applied to this invoice: it cannot be annulled");
            case PAYMENTS_APPLIED -> conflict("payment", "A partial payment was applied: the invoice cannot be settled");
            default -> conflict("status", "The invoice's status does not allow this operation");
        };
    }

    /**
     * Enqueues the annulment of every pending document of the key's partner. Paid, conciliated and
     * partially paid documents are skipped. Answers {@code 202} with a null body.
     */
    @DELETE
    @RequiresPermission(Permission.PUBLIC_INVOICES_WRITE)
    @MovesMoney
    public Response deleteAll(String body) {
        KeyPrincipal key = caller.key();
        String source = partner(key);
        DeleteRequest request = deleteRequest(body);
        if (request.providerPaymentId().isPresent()) {
            throw ApiProblem.validation("reason", "must be DELETE_FROM_PROVIDER");
        }
        bulk.enqueue(key.scope(), source);
        return Response.accepted("null").type(MediaType.APPLICATION_JSON).build();
    }

    private record DeleteRequest(Optional<String> providerPaymentId) {}

    /** The optional DELETE body, read whatever its Content-Type: many clients send none on DELETE. */
    private DeleteRequest deleteRequest(String text) {
        if (text == null || text.isBlank()) {
            return new DeleteRequest(Optional.empty());
        }
        JsonNode body;
        try {
            body = json.readTree(text);
        } catch (JsonProcessingException malformed) {
            throw new ApiProblem(Problem.MALFORMED_BODY, "The request body is not valid JSON");
        }
        if (body == null || body.isNull()) {
            return new DeleteRequest(Optional.empty());
        }
        FieldErrors errors = new FieldErrors();
        JsonBody fields = JsonBody.of(body, errors);
        fields.refuseUnknown(DELETE_FIELDS);
        Optional<String> reason = fields.text("reason", false, 1, 64);
        Optional<String> providerPaymentId = fields.text("provider_payment_id", false, 1, 255);
        errors.throwIfAny();
        String chosen = reason.orElse("DELETE_FROM_PROVIDER");
        if (chosen.equals("PAID_FROM_PROVIDER")) {
            if (providerPaymentId.isEmpty()) {
                throw ApiProblem.validation("provider_payment_id", "is required with PAID_FROM_PROVIDER");
            }
            return new DeleteRequest(providerPaymentId);
        }
        if (!chosen.equals("DELETE_FROM_PROVIDER")) {
            throw ApiProblem.validation("reason", "must be DELETE_FROM_PROVIDER or PAID_FROM_PROVIDER");
        }
        if (providerPaymentId.isPresent()) {
            throw ApiProblem.validation("provider_payment_id", "goes only with PAID_FROM_PROVIDER");
        }
        return new DeleteRequest(Optional.empty());
    }

    private CreateInvoice createCommand(KeyPrincipal key, CurrencyCode currency, String idempotencyKey, JsonNode body) {
        FieldErrors errors = new FieldErrors();
        JsonBody fields = JsonBody.of(body, errors);
        Optional<String> reference = fields.text("reference", true, 1, 255);
        Optional<String> provider = fields.text("provider", true, 1, 64);
        Optional<BigDecimal> amount = fields.number("amount", true);
        Optional<String> name = fields.text("name", true, 2, 100);
        Optional<String> providerId = fields.text("provider_id", false, 1, 255);
        Optional<String> description = fields.text("description", false, 4, 2000);
        Optional<String> phone = InvoiceFields.phone(fields);
        Optional<String> email = InvoiceFields.email(fields);
        Optional<Instant> dueAt = InvoiceFields.dueDate(fields);
        Optional<ObjectNode> metadata = fields.object("metadata");
        Optional<String> taxIdentity = reference.flatMap(TaxIdentity::normalize);
        if (reference.isPresent() && taxIdentity.isEmpty()) {
            errors.add("reference", "must contain letters or digits");
        }
        if (provider.isPresent() && key.key().source().filter(provider.get()::equals).isEmpty()) {
            errors.add("provider", "must equal the source of the API key (" + key.key().source().orElse("") + ")");
        }
        if (providerId.filter(id -> id.startsWith(InvoiceLifecycleService.IDEMPOTENCY_IDENTITY_PREFIX)).isPresent()) {
            errors.add("provider_id", "must not start with " + InvoiceLifecycleService.IDEMPOTENCY_IDENTITY_PREFIX
                    + " (reserved for invoices identified by their idempotency key)");
        }
        Optional<Money> total = amount.flatMap(value -> MajorUnits.parse("amount", value, currency, errors));
        errors.throwIfAny();
        DocumentDetails details = new DocumentDetails(name.get(), description, phone, email,
                Optional.empty(), Optional.empty(), dueAt);
        return new CreateInvoice(key.scope(), provider.get(), providerId, idempotencyKey, reference.get(), taxIdentity.get(),
                total.get(), details, metadata.map(JsonNode::toString));
    }

    /** Writes act for a partner: a key without a source can read the company's invoices but not change them. */
    private static String partner(KeyPrincipal key) {
        return key.key().source().orElseThrow(() -> new ApiProblem(Problem.FORBIDDEN,
                "The API key has no source (partner), so it cannot write invoices",
                Map.of("provider", List.of("the API key has no source"))));
    }

    private static Optional<Long> expectedVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return Optional.empty();
        }
        String tag = ifMatch.trim().replaceFirst("^W/", "").replace("\"", "");
        try {
            return Optional.of(Long.parseLong(tag));
        } catch (NumberFormatException notOurs) {
            throw ApiProblem.validation("If-Match", "must be an ETag this API returned");
        }
    }

    /**
     * An id that is not a UUID names no invoice, so it is answered like a missing one, at the same
     * point of the checks: a caller cannot tell the two apart.
     */
    private static DocumentId documentId(String invoiceId) {
        return PathIds.parse(invoiceId).map(DocumentId::new).orElseThrow(InvoicesResource::notFound);
    }

    private static ApiProblem notFound() {
        return new ApiProblem(Problem.NOT_FOUND, "No such invoice");
    }

    private static ApiProblem conflict(String area, String message) {
        return new ApiProblem(Problem.CONFLICT, message, Map.of(area, List.of(message)));
    }

    private Response.ResponseBuilder invoice(InvoiceView view) {
        return Response.ok(projection.invoice(view)).tag(Long.toString(view.document().version()));
    }
}
