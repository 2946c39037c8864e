package dev.recaudo.rest.invoice;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of {@code DELETE /v1/invoices/{invoiceId}} and of {@code DELETE /v1/invoices}
 * (which takes only {@code DELETE_FROM_PROVIDER}), for the OpenAPI document; read by
 * {@link InvoiceRequests#deletion}.
 */
@Schema(name = "DeleteInvoiceRequest", additionalProperties = Schema.False.class)
public record DeleteInvoiceRequest(
        @Schema(enumeration = {"DELETE_FROM_PROVIDER", "PAID_FROM_PROVIDER"}, defaultValue = "DELETE_FROM_PROVIDER")
        String reason,
        @Schema(minLength = 1, maxLength = 255, description = "Required with PAID_FROM_PROVIDER, refused otherwise")
        String provider_payment_id) {}
