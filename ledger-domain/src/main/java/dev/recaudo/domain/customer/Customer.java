package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A customer of a company. {@code id} is the company-customer id that documents and payments
 * refer to; {@code globalId} is the customer's global id that the integrations API also shows.
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

    public Customer withProfile(CustomerProfile newProfile, Instant now) {
        return new Customer(id, globalId, scope, newProfile, createdAt, now);
    }
}
