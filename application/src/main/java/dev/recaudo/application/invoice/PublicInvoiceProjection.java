package dev.recaudo.application.invoice;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.JsonText;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The public invoice API's view of a document ({@link PublicInvoice}), in major units of the
 * document's currency. One projection serves both the HTTP answers and the lifecycle webhooks, so
 * the two can never disagree.
 */
public final class PublicInvoiceProjection {

    private final String publicBaseUrl;

    public PublicInvoiceProjection(String publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }

    public static BigDecimal majorUnits(Money money) {
        return BigDecimal.valueOf(money.amountMinor(), money.currency().minorUnitDigits());
    }

    public PublicInvoice invoice(InvoiceView view) {
        CollectionDocument document = view.document();
        return new PublicInvoice(
                document.id().toString(),
                document.details().name(),
                document.details().description().orElse(null),
                majorUnits(document.total()),
                document.total().currency().name(),
                document.source(),
                document.providerId().orElse(null),
                document.reference().orElse(null),
                document.status().name(),
                document.remarks().orElse(null),
                document.metadataJson().map(JsonText::new).orElse(null),
                document.details().phone().orElse(null),
                document.details().email().orElse(null),
                date(document.details().dueAt()),
                document.createdAt().toString(),
                document.updatedAt().toString(),
                view.paymentId().map(Object::toString).orElse(null),
                document.scope().isTest(),
                null,
                view.checkout().map(checkout -> payment(document, checkout)).orElse(null));
    }

    private PublicInvoice.Payment payment(CollectionDocument document, Checkout checkout) {
        BigDecimal amount = majorUnits(checkout.amount());
        return new PublicInvoice.Payment(
                checkout.id().toString(),
                checkout.source(),
                checkout.amount().currency().name(),
                amount,
                checkout.amount().currency().name() + " " + amount.toPlainString(),
                checkout.title(),
                checkout.description(),
                checkout.phone().orElse(null),
                null,
                date(checkout.dueAt()),
                null,
                document.providerId().orElse(null),
                new PublicInvoice.Allows(true, true, false, true),
                checkout.status().wireName(),
                checkout.scope().isTest(),
                checkout.createdAt().toString(),
                checkout.paidAt().map(Instant::toString).orElse(null),
                paymentLink(checkout.id()),
                null,
                checkout.providerPaymentId().orElse(null),
                null,
                null,
                null,
                List.of(),
                null,
                null);
    }

    private static String date(Optional<Instant> instant) {
        return instant.map(i -> i.atOffset(ZoneOffset.UTC).toLocalDate().toString()).orElse(null);
    }

    /** The hosted page of a checkout (an invoice's, or a hosted external payment's): {@code /pay/{checkoutId}}. */
    public String paymentLink(UUID checkoutId) {
        return publicBaseUrl + "/pay/" + checkoutId;
    }
}
