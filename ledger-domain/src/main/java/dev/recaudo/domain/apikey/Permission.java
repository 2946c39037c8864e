package dev.recaudo.domain.apikey;

import dev.recaudo.domain.common.WireNamed;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** What a key may do. The wire names are part of the operating contract and never change. */
public enum Permission implements WireNamed {
    PUBLIC_INVOICES_READ("public_invoices:read"),
    PUBLIC_INVOICES_WRITE("public_invoices:write"),
    WHATSAPP_EVENTS_READ("whatsapp_events:read"),
    CUSTOMERS_READ("customers:read"),
    CUSTOMERS_WRITE("customers:write"),
    COLLECTION_DOCUMENTS_READ("collection_documents:read"),
    COLLECTION_DOCUMENTS_WRITE("collection_documents:write"),
    PAYMENTS_READ("payments:read"),
    VERIFIED_PAYMENTS_WRITE("verified_payments:write"),
    CERTIFIED_RATES_WRITE("certified_rates:write"),
    PAYMENTS_CREATE("payments:create"),
    CHECKOUT_WRITE("checkout:write"),
    /** Bank statement imports ({@code POST /companies/{companyId}/bank-statements}, signed like the integrations API). */
    BANK_STATEMENTS_WRITE("bank_statements:write");

    /** What a key gets when its creator names no permissions. */
    public static final Set<Permission> DEFAULTS = EnumSet.of(PAYMENTS_CREATE, PAYMENTS_READ);

    private final String wireName;

    Permission(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public static Optional<Permission> fromWireName(String text) {
        return WireNamed.find(values(), text);
    }
}
