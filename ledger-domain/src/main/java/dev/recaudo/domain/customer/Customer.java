package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A customer of a company: one per tax identity (when known) per company and environment, shared by
 * every partner and channel that names that taxpayer, so documents, payments and credit refer to
 * one id. {@code id} is the company-customer id that documents and payments refer to; {@code
 * globalId} is the customer's global id that the integrations API also shows.
 *
 * <p>{@code profile} is what the customer was created with (a partner's first upsert, or a public
 * invoice) and no partner overwrites it: each partner's own data lives in its {@link CustomerLink},
 * and what a partner reads is its own ({@link KnownCustomer}). The tax identity, once set, never
 * changes: it is what makes the customer one.
 */
public record Customer(UUID id, UUID globalId, TenantScope scope, CustomerProfile profile, Instant createdAt, Instant updatedAt) {

    public static final String STATUS_CREATED = "created";

    public Customer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(globalId, "globalId");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public static Customer create(TenantScope scope, CustomerProfile profile, Instant now) {
        return new Customer(UUID.randomUUID(), UUID.randomUUID(), scope, profile, now, now);
    }

    public Optional<String> taxIdentity() {
        return profile.taxIdentity();
    }

    /**
     * The first tax identity of a customer created without one. Only the link that created such a
     * customer names it (nothing else can find a customer without a tax identity), so giving it one
     * changes nothing another partner sees.
     */
    public Customer withFirstTaxId(String taxId, Instant now) {
        if (taxIdentity().isPresent()) {
            throw new IllegalStateException("a customer's tax identity, once set, never changes");
        }
        CustomerProfile identified = new CustomerProfile(profile.type(), profile.name(), profile.email(), profile.phone(),
                Optional.of(taxId), profile.customerCode());
        return new Customer(id, globalId, scope, identified, createdAt, now);
    }
}
