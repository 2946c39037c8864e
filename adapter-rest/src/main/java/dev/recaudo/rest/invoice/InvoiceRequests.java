package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateInvoice;
import dev.recaudo.domain.customer.TaxIdentity;
import dev.recaudo.domain.document.CollectionDocument;
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
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bodies and headers of the public invoice API's writes, read into commands: each body is read
 * from its JSON tree into its request record (strict JSON types), the record's annotations check its
 * shape, and the rules they cannot say follow here, every problem collected and named by its
 * snake_case field before a use case runs.
 */
final class InvoiceRequests {

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

    /**
     * A {@code PUT} body: never {@code provider} (a conflict, answered before anything else), no
     * property the record does not name, and the record's shape rules. Its amount is read against the
     * invoice's currency once the invoice is loaded ({@link #total}).
     */
    static Replacement replacement(RequestValidation validation, JsonNode body) {
        FieldErrors read = new FieldErrors();
        JsonBody fields = JsonBody.of(body, read);
        if (fields.present("provider")) {
            throw new ApiProblem(Problem.CONFLICT, "provider cannot be changed: it is fixed when the invoice is created",
                    Map.of("provider", List.of("cannot be changed")));
        }
        FieldErrors errors = new FieldErrors();
        fields.refuseUnknown(UpdateInvoiceRequest.class, errors);
        UpdateInvoiceRequest request = new UpdateInvoiceRequest(fields.string("reference"), fields.decimal("amount"),
                fields.string("name"), fields.string("provider_id"), fields.string("description"), fields.string("phone"),
                InvoiceFields.email(fields), InvoiceFields.dueDate(fields));
        validation.check(request, read, errors);
        errors.throwIfAny();
        return new Replacement(request.reference(), request.amount(), Optional.ofNullable(request.provider_id()),
                details(request.name(), request.description(), request.phone(), request.email(), request.due_date()));
    }

    /** A replacement's amount in the invoice's currency. */
    static Money total(BigDecimal amount, CurrencyCode currency) {
        FieldErrors errors = new FieldErrors();
        Optional<Money> total = MajorUnits.parse("amount", amount, currency, errors);
        errors.throwIfAny();
        return total.get();
    }

    /** What a {@code DELETE} asks: a settlement when it names the provider's payment, else an annulment. */
    record Deletion(Optional<String> providerPaymentId) {}

    /** The informational data a {@code PUT} replaces; the amount is read against the invoice's currency once it is loaded. */
    record Replacement(String reference, BigDecimal amount, Optional<String> providerId, DocumentDetails details) {}

    /** The optional DELETE body, read whatever its Content-Type: many clients send none on DELETE. */
    static Deletion deletion(RequestValidation validation, String text, ObjectMapper json) {
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
        FieldErrors read = new FieldErrors();
        JsonBody fields = JsonBody.of(body, read);
        FieldErrors errors = new FieldErrors();
        fields.refuseUnknown(DeleteInvoiceRequest.class, errors);
        DeleteInvoiceRequest request = new DeleteInvoiceRequest(fields.string("reason"), fields.string("provider_payment_id"));
        validation.check(request, read, errors);
        errors.throwIfAny();
        String chosen = Optional.ofNullable(request.reason()).orElse("DELETE_FROM_PROVIDER");
        Optional<String> providerPaymentId = Optional.ofNullable(request.provider_payment_id());
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

    /**
     * A {@code POST} body: the record's shape rules, then what they cannot say: the reference must
     * name a tax identity, the provider must be the key's, the provider's id must not take the prefix
     * of invoices identified by their idempotency key, and the amount must be major units of the
     * company's currency. Unknown properties are ignored.
     */
    static CreateInvoice creation(RequestValidation validation, KeyPrincipal key, CurrencyCode currency, String idempotencyKey,
            JsonNode body) {
        FieldErrors read = new FieldErrors();
        JsonBody fields = JsonBody.of(body, read);
        CreateInvoiceRequest request = new CreateInvoiceRequest(fields.string("reference"), fields.string("provider"),
                fields.decimal("amount"), fields.string("name"), fields.string("provider_id"), fields.string("description"),
                fields.string("phone"), InvoiceFields.email(fields), InvoiceFields.dueDate(fields), fields.object("metadata"));
        FieldErrors errors = new FieldErrors();
        validation.check(request, read, errors);
        Optional<String> reference = valid("reference", request.reference(), errors);
        Optional<String> taxIdentity = reference.flatMap(TaxIdentity::normalize);
        if (reference.isPresent() && taxIdentity.isEmpty()) {
            errors.add("reference", "must contain letters or digits");
        }
        Optional<String> source = key.key().source();
        if (valid("provider", request.provider(), errors).filter(provider -> !source.equals(Optional.of(provider))).isPresent()) {
            errors.add("provider", "must equal the source of the API key (" + source.orElse("") + ")");
        }
        String reserved = CollectionDocument.IDEMPOTENCY_IDENTITY_PREFIX;
        if (valid("provider_id", request.provider_id(), errors).filter(id -> id.startsWith(reserved)).isPresent()) {
            errors.add("provider_id",
                    "must not start with " + reserved + " (reserved for invoices identified by their idempotency key)");
        }
        Optional<Money> total = valid("amount", request.amount(), errors)
                .flatMap(value -> MajorUnits.parse("amount", value, currency, errors));
        errors.throwIfAny();
        return new CreateInvoice(key.scope(), request.provider(), Optional.ofNullable(request.provider_id()), idempotencyKey,
                request.reference(), taxIdentity.get(), total.get(),
                details(request.name(), request.description(), request.phone(), request.email(), request.due_date()),
                Optional.ofNullable(request.metadata()).map(JsonNode::toString));
    }

    /** A field's value when it passed its rules so far, for the rules that build on it. */
    private static <T> Optional<T> valid(String field, T value, FieldErrors errors) {
        return errors.has(field) ? Optional.empty() : Optional.ofNullable(value);
    }

    private static DocumentDetails details(String name, String description, String phone, String email, LocalDate dueDate) {
        return new DocumentDetails(name, Optional.ofNullable(description), Optional.ofNullable(phone), Optional.ofNullable(email),
                Optional.empty(), Optional.empty(), InvoiceFields.dueAt(dueDate));
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
