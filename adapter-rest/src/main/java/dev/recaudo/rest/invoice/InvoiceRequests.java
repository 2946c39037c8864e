package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateInvoice;
import dev.recaudo.domain.customer.TaxIdentity;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.JsonBody;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bodies and headers of the public invoice API's writes, read into commands: every field rule,
 * every problem collected and named by its snake_case field, before a use case runs.
 */
final class InvoiceRequests {

    private static final Set<String> UPDATE_FIELDS = Set.of(
            "reference", "amount", "name", "provider_id", "description", "phone", "email", "due_date");
    private static final Set<String> DELETE_FIELDS = Set.of("reason", "provider_payment_id");

    private InvoiceRequests() {}

    /** The query of {@code GET /v1/invoices}: the partner's documents, newest first unless {@code sort=created_at}. */
    static DocumentListQuery listQuery(Optional<String> source, String page, String perPage, String status, String sort,
            RestSettings.PageSize pageSizes) {
        Optional<DocumentStatus> statusFilter = Optional.ofNullable(status).map(text -> DocumentStatus.parse(text)
                .orElseThrow(() -> ApiProblem.validation("filter[status]",
                        "must be one of " + Arrays.toString(DocumentStatus.values()))));
        if (sort != null && !sort.equals("created_at") && !sort.equals("-created_at")) {
            throw ApiProblem.validation("sort", "must be created_at or -created_at");
        }
        return new DocumentListQuery(source, statusFilter, !"created_at".equals(sort),
                QueryParams.intBetween("page", page, 1, Integer.MAX_VALUE, 1),
                QueryParams.pageSize("per_page", perPage, pageSizes));
    }

    /** A {@code PUT} body: required fields complete, no unknown property, and never {@code provider}. */
    static Replacement replacement(JsonNode body) {
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
        return new Replacement(reference.get(), amount.get(), providerId, new DocumentDetails(name.get(), description, phone,
                email, Optional.empty(), Optional.empty(), dueAt));
    }

    /** What a {@code DELETE} asks: a settlement when it names the provider's payment, else an annulment. */
    record Deletion(Optional<String> providerPaymentId) {}

    /** The informational data a {@code PUT} replaces; the amount is read against the invoice's currency once it is loaded. */
    record Replacement(String reference, BigDecimal amount, Optional<String> providerId, DocumentDetails details) {}

    /** The optional DELETE body, read whatever its Content-Type: many clients send none on DELETE. */
    static Deletion deletion(String text, ObjectMapper json) {
        if (text == null || text.isBlank()) {
            return new Deletion(Optional.empty());
        }
        JsonNode body;
        try {
            body = json.readTree(text);
        } catch (JsonProcessingException malformed) {
            throw new ApiProblem(Problem.MALFORMED_BODY, "The request body is not valid JSON");
        }
        if (body == null || body.isNull()) {
            return new Deletion(Optional.empty());
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
            return new Deletion(providerPaymentId);
        }
        if (!chosen.equals("DELETE_FROM_PROVIDER")) {
            throw ApiProblem.validation("reason", "must be DELETE_FROM_PROVIDER or PAID_FROM_PROVIDER");
        }
        if (providerPaymentId.isPresent()) {
            throw ApiProblem.validation("provider_payment_id", "goes only with PAID_FROM_PROVIDER");
        }
        return new Deletion(Optional.empty());
    }

    static CreateInvoice creation(KeyPrincipal key, CurrencyCode currency, String idempotencyKey, JsonNode body) {
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

    /** The version an {@code If-Match} names, when it names one. */
    static Optional<Long> expectedVersion(String ifMatch) {
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

    /** The public API's {@code x-idempotency} header: required, 1 to 255 characters. */
    static void requireIdempotencyKey(String idempotencyKey) {
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            throw new ApiProblem(Problem.MISSING_IDEMPOTENCY_KEY, "The x-idempotency header is required (1 to 255 characters)",
                    Map.of(InvoicesResource.IDEMPOTENCY_HEADER, List.of("is required")));
        }
        if (idempotencyKey.length() > 255) {
            throw ApiProblem.validation(InvoicesResource.IDEMPOTENCY_HEADER, "must have at most 255 characters");
        }
    }

    /** Writes act for a partner: a key without a source can read the company's invoices but not change them. */
    static String partner(KeyPrincipal key) {
        return key.key().source().orElseThrow(() -> new ApiProblem(Problem.FORBIDDEN,
                "The API key has no source (partner), so it cannot write invoices",
                Map.of("provider", List.of("the API key has no source"))));
    }

    /**
     * An id that is not a UUID names no invoice, so it is answered like a missing one, at the same
     * point of the checks: a caller cannot tell the two apart.
     */
    static DocumentId documentId(String invoiceId) {
        return PathIds.parse(invoiceId).map(DocumentId::new).orElseThrow(InvoiceProblems::notFound);
    }
}
