package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The one callback a completed external payment owes its partner: where to send it and the body,
 * fixed when the payment completes so that what is sent is what the payment was at that moment.
 *
 * @param id the Standard Webhooks {@code webhook-id} of the delivery
 * @param body the complete body as plain values (maps, strings, numbers, null)
 */
public record CallbackRequest(UUID id, TenantScope scope, UUID externalPaymentId, String url, Map<String, Object> body,
        Instant createdAt) {

    public static final String COMPLETED = "external_payment.completed";

    public CallbackRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(externalPaymentId, "externalPaymentId");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(createdAt, "createdAt");
        body = Map.copyOf(body);
    }

    /** The {@code external_payment.completed} callback, with the body CONTRACT.md fixes. */
    public static CallbackRequest completed(TenantScope scope, UUID externalPaymentId, String url, Money amount,
            Optional<UUID> invoiceId, UUID paymentId, Instant now) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("id", externalPaymentId.toString());
        payload.put("status", "completed");
        payload.put("amountMinor", amount.amountMinor());
        payload.put("currency", amount.currency().name());
        payload.put("invoiceId", invoiceId.map(UUID::toString).orElse(null));
        payload.put("paymentId", paymentId.toString());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("eventType", COMPLETED);
        body.put("resourceType", "external_payment");
        body.put("companyId", scope.companyId().value().toString());
        body.put("payload", java.util.Collections.unmodifiableMap(payload));
        return new CallbackRequest(UUID.randomUUID(), scope, externalPaymentId, url, body, now);
    }
}
