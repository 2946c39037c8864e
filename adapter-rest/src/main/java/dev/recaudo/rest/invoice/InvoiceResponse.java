package dev.recaudo.rest.invoice;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Invoice of the public API, for the OpenAPI document. The answers are written from
 * {@code PublicInvoiceProjection}, which the lifecycle webhooks share; every field is always
 * present, null when it has no value.
 */
@Schema(name = "Invoice")
public record InvoiceResponse(
        UUID id,
        String name,
        String description,
        @Schema(description = "Major units") BigDecimal amount,
        String currency,
        String provider,
        String provider_id,
        @Schema(description = "Returned exactly as received") String reference,
        @Schema(enumeration = {"CREATED", "PAID", "CONCILIATED", "PAID_FROM_PROVIDER", "DELETE_FROM_PROVIDER", "FAILED"})
        String status,
        String remarks,
        Map<String, Object> metadata,
        String phone,
        String email,
        LocalDate due_date,
        Instant created_at,
        Instant updated_at,
        UUID payment_id,
        boolean is_test,
        @Schema(description = "Always null") Object partial_payment_config,
        @Schema(description = "The current checkout") InvoicePaymentResponse payment) {

    /** The checkout of an invoice ({@code payment}). */
    @Schema(name = "InvoicePayment")
    public record InvoicePaymentResponse(
            UUID id,
            String source,
            String currency,
            BigDecimal amount,
            String amount_label,
            String title,
            String description,
            String phone,
            Instant expiration_at,
            LocalDate due_date,
            String document_link,
            String external_id,
            PaymentAllows allows,
            String status,
            boolean is_test,
            Instant created_at,
            Instant paid_at,
            @Schema(format = "uri", description = "The hosted checkout page") String payment_link,
            String redirect_url,
            String provider_id,
            @Schema(description = "Always null") Object metadata,
            @Schema(description = "Always null") Object customer,
            @Schema(description = "Always null") Object method,
            List<Map<String, Object>> splits,
            @Schema(description = "Always null") Object company,
            @Schema(description = "Always null") Object commission) {}

    /** The payment methods a checkout allows. */
    public record PaymentAllows(boolean accounts, boolean cards, boolean card_extra, boolean realtime) {}
}
