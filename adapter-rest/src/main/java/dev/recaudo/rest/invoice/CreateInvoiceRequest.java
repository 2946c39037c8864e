package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.rest.common.validation.EmailText;
import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1/invoices} as the spec names it: its shape rules are the annotations.
 * The endpoint reads it from the JSON tree ({@link InvoiceRequests#creation}), which checks each
 * field's JSON type, keeps the amount as written, trims the e-mail and reads the date; the amount's
 * major units and the rules against the key are checked there.
 */
@RegisterForReflection
@Schema(name = "CreateInvoiceRequest")
public record CreateInvoiceRequest(
        @Schema(required = true, minLength = 1, maxLength = 255, description = "Customer national or tax identifier")
        @Text(max = 255, required = true) String reference,
        @Schema(required = true, minLength = 1, maxLength = 64, description = "Must equal the source of the API key")
        @Text(max = 64, required = true) String provider,
        @Schema(required = true, minimum = "0.01", maximum = "1000000", multipleOf = 0.01,
                description = "Major units of the company's reference currency")
        @NotNull(message = "is required") BigDecimal amount,
        @Schema(required = true, minLength = 2, maxLength = 100) @Text(min = 2, max = 100, required = true) String name,
        @Schema(minLength = 1, maxLength = 255, description = "The document's id in the origin system; immutable")
        @Text(max = 255) String provider_id,
        @Schema(minLength = 4, maxLength = 2000) @Text(min = 4, max = 2000) String description,
        @Schema(pattern = InvoiceFields.PHONE_PATTERN) @Text(max = 16, pattern = InvoiceFields.PHONE_PATTERN) String phone,
        @Schema(maxLength = 200, description = "Outer spaces trimmed; empty or blank is absent")
        @EmailText(refused = EmailText.VALID) String email,
        LocalDate due_date,
        @Schema(description = "Opaque JSON, returned in responses and lifecycle webhooks") JsonNode metadata) {}
