package dev.recaudo.application.invoice;

import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.webhook.OutboxEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The {@code customer.credit_created} event: money a payment brought for a document that the
 * document did not take, now kept as the customer's credit ({@code customer_credit:<customerId>}
 * in the payment's currency). It is about the document, so it is delivered after that document's
 * earlier events.
 */
public final class CustomerCreditEvent {

    public static final String TYPE = "customer.credit_created";

    /** Why the document did not take the money. */
    public enum Reason {
        /** The document was paid, annulled or in another currency when the money arrived. */
        DOCUMENT_CLOSED,
        /** The payment was larger than the balance the document still owed. */
        ABOVE_BALANCE
    }

    private CustomerCreditEvent() {}

    public static OutboxEvent of(CollectionDocument document, Payment payment, Money credit, Reason reason, Instant now) {
        UUID eventId = UUID.randomUUID();
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("customer_id", document.customerId().toString());
        detail.put("amount", PublicInvoiceProjection.majorUnits(credit));
        detail.put("amount_minor", credit.amountMinor());
        detail.put("currency", credit.currency().name());
        detail.put("reason", reason.name().toLowerCase(Locale.ROOT));
        detail.put("invoice_id", document.id().toString());
        detail.put("payment_id", payment.id().toString());
        detail.put("external_payment_id", payment.externalPaymentId());
        detail.put("is_test", document.scope().isTest());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", eventId.toString());
        body.put("type", TYPE);
        body.put("created_at", now.toString());
        body.put("credit", detail);
        return new OutboxEvent(eventId, document.scope(), document.id().value(), TYPE, now, body);
    }
}
