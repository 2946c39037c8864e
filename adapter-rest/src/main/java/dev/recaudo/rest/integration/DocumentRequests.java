package dev.recaudo.rest.integration;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertDocument;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.PathSegment;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Text.Blank;
import dev.recaudo.rest.integration.CustomerRequests.CustomerData;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The body of a collection-document upsert and its reading into a command: every field rule, with
 * every problem collected and named by its field, before the use case runs.
 */
final class DocumentRequests {

    /** The fields whose problems leave the lines' sum worth checking: it does not depend on them. */
    private static final Set<String> SUM_INDEPENDENT = Set.of("invoiceNumber", "description");

    private DocumentRequests() {}

    @RegisterForReflection
    public record LineRequest(Long quantity, Long unitAmountMinor, Long amountMinor, String description, String periodStart,
            String periodEnd) {}

    @RegisterForReflection
    public record UpsertRequest(
            String source,
            @Text(max = IntegrationFields.ID_MAX, required = true, blank = Blank.ABSENT) @PathSegment String externalDocumentId,
            @Text(max = IntegrationFields.ID_MAX, required = true, blank = Blank.ABSENT) String customerExternalId,
            @NotNull(message = "is required: the customer is synchronized with the document") @Valid CustomerData customer,
            String currency,
            @AmountMinor(min = 1, required = false) Long totalMinor,
            List<LineRequest> lines,
            @Text(max = 100, blank = Blank.ABSENT) String invoiceNumber,
            @Text(max = 2000, blank = Blank.ABSENT) String description,
            String issueDate,
            String dueDate,
            JsonNode metadata) {}

    /**
     * The command of an upsert. {@code metadata} is stored from the body as parsed ({@code sentMetadata}), not
     * from the record: binding the record reads the tree again, and that loses the spelling of numbers.
     * The record's annotations are the shape rules, the customer's included; the lines' sum is still
     * checked only when every rule it depends on holds (all but the optional texts after it).
     */
    static UpsertDocument upsert(RequestValidation validation, KeyPrincipal key, UpsertRequest body, JsonNode sentMetadata,
            int linesMax, Instant signedAt) {
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        IntegrationFields.source(body.source(), key, errors);
        if (body.externalDocumentId() != null
                && body.externalDocumentId().startsWith(CollectionDocument.IDEMPOTENCY_IDENTITY_PREFIX)) {
            errors.add("externalDocumentId", "must not start with " + CollectionDocument.IDEMPOTENCY_IDENTITY_PREFIX
                    + " (reserved for public invoices identified by their idempotency key)");
        }
        Optional<CurrencyCode> currency = CurrencyCode.parse(body.currency());
        if (currency.isEmpty()) {
            errors.add("currency", "is required and must be one of " + EnumSet.allOf(CurrencyCode.class));
        }
        List<DocumentLine> lines = lines(body.lines(), linesMax, errors);
        if (onlyAbout(errors, SUM_INDEPENDENT)) {
            // At most 5000 lines (the configuration's cap) of at most Money.AMOUNT_MINOR_MAX each: the sum fits a long.
            long sum = 0;
            for (DocumentLine line : lines) {
                sum = Math.addExact(sum, line.amountMinor());
            }
            if (sum < 1 || sum > Money.AMOUNT_MINOR_MAX) {
                errors.add("lines", "must sum to 1 to " + Money.AMOUNT_MINOR_MAX
                        + " minor units (a document owes something, and no more than the maximum amount)");
            } else if (body.totalMinor() != null && sum != body.totalMinor()) {
                errors.add("totalMinor", "must equal the sum of the lines' amountMinor (" + sum + ")");
            }
        }
        Optional<Instant> issueDate = IntegrationFields.dateTime("issueDate", body.issueDate(), false, errors);
        Optional<Instant> dueDate = IntegrationFields.dateTime("dueDate", body.dueDate(), false, errors);
        if (body.metadata() != null && !body.metadata().isNull() && !body.metadata().isObject()) {
            errors.add("metadata", "must be a JSON object");
        }
        errors.throwIfAny();
        CustomerProfile profile = CustomerRequests.profile(body.customer());
        Optional<String> invoiceNumber = IntegrationFields.kept(body.invoiceNumber());
        DocumentDetails details = new DocumentDetails(invoiceNumber.orElse(body.externalDocumentId()),
                IntegrationFields.kept(body.description()), profile.phone(), profile.email(), invoiceNumber, issueDate, dueDate);
        return new UpsertDocument(key.scope(), body.source(), body.externalDocumentId(), body.customerExternalId(), profile,
                currency.get(), lines, details,
                Optional.ofNullable(sentMetadata).filter(JsonNode::isObject).map(JsonNode::toString), signedAt);
    }

    /** Whether every problem found is about one of these fields. */
    private static boolean onlyAbout(FieldErrors errors, Set<String> fields) {
        boolean[] other = {false};
        errors.forEach((field, message) -> other[0] |= !fields.contains(field));
        return !other[0];
    }

    private static List<DocumentLine> lines(List<LineRequest> requested, int linesMax, FieldErrors errors) {
        List<DocumentLine> lines = new ArrayList<>();
        if (requested == null || requested.isEmpty() || requested.size() > linesMax) {
            errors.add("lines", "must have 1 to " + linesMax + " lines");
            return lines;
        }
        for (int i = 0; i < requested.size(); i++) {
            LineRequest line = requested.get(i);
            String field = "lines[" + i + "]";
            if (line == null || line.quantity() == null || line.unitAmountMinor() == null || line.amountMinor() == null) {
                errors.add(field, "needs quantity, unitAmountMinor and amountMinor");
                continue;
            }
            if (line.quantity() < 1) {
                errors.add(field + ".quantity", "must be at least 1");
                continue;
            }
            boolean unitAccepted = IntegrationFields.amountMinor(field + ".unitAmountMinor", line.unitAmountMinor(), 0, errors);
            boolean amountAccepted = IntegrationFields.amountMinor(field + ".amountMinor", line.amountMinor(), 0, errors);
            if (!unitAccepted || !amountAccepted) {
                continue;
            }
            long product;
            try {
                product = Math.multiplyExact(line.quantity(), line.unitAmountMinor());
            } catch (ArithmeticException overflow) {
                errors.add(field, "quantity x unitAmountMinor overflows");
                continue;
            }
            if (product != line.amountMinor()) {
                errors.add(field + ".amountMinor", "must equal quantity x unitAmountMinor (" + product + ")");
                continue;
            }
            Optional<String> description = IntegrationFields.optionalText(field + ".description", line.description(), 500, errors);
            Optional<Instant> start = IntegrationFields.dateTime(field + ".periodStart", line.periodStart(), false, errors);
            Optional<Instant> end = IntegrationFields.dateTime(field + ".periodEnd", line.periodEnd(), false, errors);
            lines.add(new DocumentLine(line.quantity(), line.unitAmountMinor(), line.amountMinor(), description, start, end));
        }
        return lines;
    }
}
