package dev.recaudo.rest.invoice;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code PUT /v1/invoices/{invoiceId}}, for the OpenAPI document: a full replacement
 * of the informational data, read by {@link InvoiceRequests#replacement}. {@code provider} and
 * unknown properties are refused.
 */
@Schema(name = "UpdateInvoiceRequest", additionalProperties = Schema.False.class)
public record UpdateInvoiceRequest(
        @Schema(required = true, minLength = 5, maxLength = 100) String reference,
        @Schema(required = true, minimum = "0.01", maximum = "1000000", multipleOf = 0.01) BigDecimal amount,
        @Schema(required = true, minLength = 2, maxLength = 100) String name,
        @Schema(minLength = 1, maxLength = 255, description = "Immutable after creation") String provider_id,
        @Schema(minLength = 4, maxLength = 2000) String description,
        @Schema(pattern = InvoiceFields.PHONE_PATTERN) String phone,
        @Schema(maxLength = 200, description = "Absent, empty or blank keeps the current e-mail") String email,
        @Schema(nullable = true) LocalDate due_date) {}
