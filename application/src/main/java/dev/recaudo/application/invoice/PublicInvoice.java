package dev.recaudo.application.invoice;

import dev.recaudo.domain.common.JsonText;
import java.math.BigDecimal;
import java.util.List;

/**
 * The public invoice API's Invoice, as its answers and its lifecycle webhooks carry it. The names
 * are the wire names (the public family's snake_case), so a serializer needs no naming rule; times
 * and dates are the texts partners read (ISO 8601), amounts major units of the currency. Every
 * field is always present, null when it has no value.
 */
public record PublicInvoice(
        String id,
        String name,
        String description,
        BigDecimal amount,
        String currency,
        String provider,
        String provider_id,
        String reference,
        String status,
        String remarks,
        JsonText metadata,
        String phone,
        String email,
        String due_date,
        String created_at,
        String updated_at,
        String payment_id,
        boolean is_test,
        Object partial_payment_config,
        Payment payment) {

    /** The invoice's current checkout, with the link to its hosted page; the fields the spec keeps null stay null. */
    public record Payment(
            String id,
            String source,
            String currency,
            BigDecimal amount,
            String amount_label,
            String title,
            String description,
            String phone,
            String expiration_at,
            String due_date,
            String document_link,
            String external_id,
            Allows allows,
            String status,
            boolean is_test,
            String created_at,
            String paid_at,
            String payment_link,
            String redirect_url,
            String provider_id,
            Object metadata,
            Object customer,
            Object method,
            List<Object> splits,
            Object company,
            Object commission) {}

    /** The payment methods a checkout allows. */
    public record Allows(boolean accounts, boolean cards, boolean card_extra, boolean realtime) {}
}
