package dev.recaudo.rest.invoice;

import dev.recaudo.rest.common.validation.EmailText;
import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code PUT /v1/invoices/{invoiceId}}: a full replacement of the informational data,
 * its shape rules the annotations, read from the JSON tree by {@link InvoiceRequests#replacement}.
 * {@code provider} and properties that are not components here are refused.
 */
@RegisterForReflection
@Schema(name = "UpdateInvoiceRequest", additionalProperties = Schema.False.class)
public record UpdateInvoiceRequest(
        @Schema(required = true, minLength = 5, maxLength = 100) @Text(min = 5, max = 100, required = true) String reference,
        @Schema(required = true, minimum = "0.01", maximum = "1000000", multipleOf = 0.01)
        @NotNull(message = "is required") BigDecimal amount,
        @Schema(required = true, minLength = 2, maxLength = 100) @Text(min = 2, max = 100, required = true) String name,
        @Schema(minLength = 1, maxLength = 255, description = "Immutable after creation") @Text(max = 255) String provider_id,
        @Schema(minLength = 4, maxLength = 2000) @Text(min = 4, max = 2000) String description,
        @Schema(pattern = InvoiceFields.PHONE_PATTERN) @Text(max = 16, pattern = InvoiceFields.PHONE_PATTERN) String phone,
        @Schema(maxLength = 200, description = "Absent, empty or blank keeps the current e-mail")
        @EmailText(refused = EmailText.VALID) String email,
        @Schema(nullable = true) LocalDate due_date) {}
