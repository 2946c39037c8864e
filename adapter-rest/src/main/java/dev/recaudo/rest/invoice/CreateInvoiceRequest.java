package dev.recaudo.rest.invoice;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1/invoices} as the spec names it, for the OpenAPI document: the
 * endpoint reads it as a JSON tree ({@link InvoiceRequests#creation}), which keeps the spelling of
 * the amount and the exact rules and messages of each field.
 */
@Schema(name = "CreateInvoiceRequest")
public record CreateInvoiceRequest(
        @Schema(required = true, minLength = 1, maxLength = 255, description = "Customer national or tax identifier")
        String reference,
        @Schema(required = true, minLength = 1, maxLength = 64, description = "Must equal the source of the API key")
        String provider,
        @Schema(required = true, minimum = "0.01", maximum = "1000000", multipleOf = 0.01,
                description = "Major units of the company's reference currency")
        BigDecimal amount,
        @Schema(required = true, minLength = 2, maxLength = 100) String name,
        @Schema(minLength = 1, maxLength = 255, description = "The document's id in the origin system; immutable")
        String provider_id,
        @Schema(minLength = 4, maxLength = 2000) String description,
        @Schema(pattern = InvoiceFields.PHONE_PATTERN) String phone,
        @Schema(maxLength = 200, description = "Outer spaces trimmed; empty or blank is absent") String email,
        LocalDate due_date,
        @Schema(description = "Opaque JSON, returned in responses and lifecycle webhooks") Map<String, Object> metadata) {}
