package dev.recaudo.application.refund;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.refund.Refund;
import java.util.LinkedHashMap;
import java.util.Map;

/** A refund as the company's webhook events carry it, named as the other event fields are (snake_case). */
final class RefundEvents {

    private RefundEvents() {}

    static Map<String, Object> body(Refund refund) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", refund.id().toString());
        body.put("external_payment_id", refund.externalPaymentId().map(Object::toString).orElse(null));
        body.put("payment_id", refund.paymentId().toString());
        body.put("invoice_id", refund.documentId().map(DocumentId::value).map(Object::toString).orElse(null));
        body.put("kind", refund.kind().wireName());
        body.put("status", refund.status().wireName());
        body.put("amount_minor", refund.amount().amountMinor());
        body.put("currency", refund.amount().currency().name());
        body.put("reason", refund.reason().orElse(null));
        body.put("processor_reference", refund.processorReference().orElse(null));
        body.put("created_at", refund.createdAt().toString());
        return body;
    }
}
