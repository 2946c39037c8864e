package dev.recaudo.stripe;

import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The metadata keys Recaudo writes on Stripe objects, and the money and tags read back from them. */
final class StripeTags {

    static final String COMPANY = "recaudo_company_id";
    static final String EXTERNAL_PAYMENT = "recaudo_external_payment_id";
    static final String CHECKOUT = "recaudo_checkout_id";
    static final String CHARGE_KEY = "recaudo_charge_key";
    static final String REFUND_KEY = "recaudo_refund_key";

    private StripeTags() {}

    static Map<String, String> of(TenantScope scope, Optional<UUID> externalPayment, Optional<UUID> checkout) {
        Map<String, String> metadata = new HashMap<>();
        metadata.put(COMPANY, scope.companyId().value().toString());
        externalPayment.ifPresent(id -> metadata.put(EXTERNAL_PAYMENT, id.toString()));
        checkout.ifPresent(id -> metadata.put(CHECKOUT, id.toString()));
        return metadata;
    }

    static ProcessorEvent.Tags read(Map<String, String> metadata) {
        if (metadata == null || metadata.isEmpty()) {
            return ProcessorEvent.Tags.NONE;
        }
        return new ProcessorEvent.Tags(Optional.ofNullable(metadata.get(COMPANY)), uuid(metadata.get(EXTERNAL_PAYMENT)),
                uuid(metadata.get(CHECKOUT)));
    }

    static Optional<String> value(Map<String, String> metadata, String key) {
        return metadata == null ? Optional.empty() : Optional.ofNullable(metadata.get(key));
    }

    /** Stripe's amounts are minor units already for MXN and USD (two decimals both here and there). */
    static Money money(Long amount, String currency) {
        CurrencyCode code = CurrencyCode.parse(currency == null ? "" : currency.toUpperCase(Locale.ROOT))
                .orElseThrow(() -> new UnheldCurrency(currency));
        return Money.of(amount == null ? 0 : amount, code);
    }

    /** Stripe named a currency Recaudo keeps no books in. */
    static final class UnheldCurrency extends IllegalStateException {
        UnheldCurrency(String currency) {
            super("Stripe answered a currency Recaudo does not hold: " + currency);
        }
    }

    static String wire(CurrencyCode currency) {
        return currency.name().toLowerCase(Locale.ROOT);
    }

    /** A search query value, quoted as the Search API wants it. */
    static String quoted(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static Optional<UUID> uuid(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }
}
