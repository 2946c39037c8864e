package dev.recaudo.application.invoice;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.JsonText;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The public invoice API's view of a document, as a tree of plain values, in major units of the
 * document's currency. One projection serves both the HTTP answers and the lifecycle webhooks, so
 * the two can never disagree. Every field of the specification is always present.
 */
public final class PublicInvoiceProjection {

    private final String publicBaseUrl;

    public PublicInvoiceProjection(String publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }

    public static BigDecimal majorUnits(Money money) {
        return BigDecimal.valueOf(money.amountMinor(), money.currency().minorUnitDigits());
    }

    public Map<String, Object> invoice(InvoiceView view) {
        CollectionDocument document = view.document();
        Map<String, Object> invoice = new LinkedHashMap<>();
        invoice.put("id", document.id().toString());
        invoice.put("name", document.details().name());
        invoice.put("description", document.details().description().orElse(null));
        invoice.put("amount", majorUnits(document.total()));
        invoice.put("currency", document.total().currency().name());
        invoice.put("provider", document.source());
        invoice.put("provider_id", document.providerId().orElse(null));
        invoice.put("reference", document.reference().orElse(null));
        invoice.put("status", document.status().name());
        invoice.put("remarks", document.remarks().orElse(null));
        invoice.put("metadata", document.metadataJson().map(JsonText::new).orElse(null));
        invoice.put("phone", document.details().phone().orElse(null));
        invoice.put("email", document.details().email().orElse(null));
        invoice.put("due_date", date(document.details().dueAt()));
        invoice.put("created_at", document.createdAt().toString());
        invoice.put("updated_at", document.updatedAt().toString());
        invoice.put("payment_id", view.paymentId().map(Object::toString).orElse(null));
        invoice.put("is_test", document.scope().isTest());
        invoice.put("partial_payment_config", null);
        invoice.put("payment", view.checkout().map(checkout -> payment(document, checkout)).orElse(null));
        return invoice;
    }

    private Map<String, Object> payment(CollectionDocument document, Checkout checkout) {
        Map<String, Object> payment = new LinkedHashMap<>();
        payment.put("id", checkout.id().toString());
        payment.put("source", checkout.source());
        payment.put("currency", checkout.amount().currency().name());
        payment.put("amount", majorUnits(checkout.amount()));
        payment.put("amount_label", checkout.amount().currency().name() + " " + majorUnits(checkout.amount()).toPlainString());
        payment.put("title", checkout.title());
        payment.put("description", checkout.description());
        payment.put("phone", checkout.phone().orElse(null));
        payment.put("expiration_at", null);
        payment.put("due_date", date(checkout.dueAt()));
        payment.put("document_link", null);
        payment.put("external_id", document.providerId().orElse(null));
        Map<String, Object> allows = new LinkedHashMap<>();
        allows.put("accounts", true);
        allows.put("cards", true);
        allows.put("card_extra", false);
        allows.put("realtime", true);
        payment.put("allows", allows);
        payment.put("status", checkout.status().wireName());
        payment.put("is_test", checkout.scope().isTest());
        payment.put("created_at", checkout.createdAt().toString());
        payment.put("paid_at", checkout.paidAt().map(Instant::toString).orElse(null));
        payment.put("payment_link", paymentLink(checkout.id()));
        payment.put("redirect_url", null);
        payment.put("provider_id", checkout.providerPaymentId().orElse(null));
        payment.put("metadata", null);
        payment.put("customer", null);
        payment.put("method", null);
        payment.put("splits", List.of());
        payment.put("company", null);
        payment.put("commission", null);
        return payment;
    }

    private static String date(Optional<Instant> instant) {
        return instant.map(i -> i.atOffset(ZoneOffset.UTC).toLocalDate().toString()).orElse(null);
    }

    /** The hosted page of a checkout (an invoice's, or a hosted external payment's): {@code /pay/{checkoutId}}. */
    public String paymentLink(UUID checkoutId) {
        return publicBaseUrl + "/pay/" + checkoutId;
    }
}
