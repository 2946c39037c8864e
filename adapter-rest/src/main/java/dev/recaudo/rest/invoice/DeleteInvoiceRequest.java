package dev.recaudo.rest.invoice;

import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of {@code DELETE /v1/invoices/{invoiceId}} and of {@code DELETE /v1/invoices}
 * (which takes only {@code DELETE_FROM_PROVIDER}), its shape rules the annotations; read by
 * {@link InvoiceRequests#deletion}, which checks the reason and how it goes with the payment id.
 */
@RegisterForReflection
@Schema(name = "DeleteInvoiceRequest", additionalProperties = Schema.False.class)
public record DeleteInvoiceRequest(
        @Schema(enumeration = {"DELETE_FROM_PROVIDER", "PAID_FROM_PROVIDER"}, defaultValue = "DELETE_FROM_PROVIDER")
        @Text(max = 64) String reason,
        @Schema(minLength = 1, maxLength = 255, description = "Required with PAID_FROM_PROVIDER, refused otherwise")
        @Text(max = 255) String provider_payment_id) {}
