package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A partner's customer: the partner's identity for it ({@code source} + {@code externalCustomerId})
 * linked to the company's {@link Customer}, with the data this partner gave. A partner reads and
 * writes only its own links, so two partners naming one taxpayer never see or change each other's
 * data. A link, once made, never moves to another customer: documents and payments refer to it.
 *
 * @param companyCustomerId the linked customer's {@link Customer#id()}
 * @param customerId the linked customer's {@link Customer#globalId()}
 */
public record CustomerLink(
        TenantScope scope,
        String source,
        String externalCustomerId,
        UUID companyCustomerId,
        UUID customerId,
        CustomerProfile profile,
        Instant createdAt,
        Instant updatedAt) {

    public CustomerLink {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(externalCustomerId, "externalCustomerId");
        Objects.requireNonNull(companyCustomerId, "companyCustomerId");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public static CustomerLink create(Customer customer, String source, String externalCustomerId, CustomerProfile profile,
            Instant now) {
        return new CustomerLink(customer.scope(), source, externalCustomerId, customer.id(), customer.globalId(), profile, now, now);
    }

    public CustomerLink withProfile(CustomerProfile newProfile, Instant now) {
        return new CustomerLink(scope, source, externalCustomerId, companyCustomerId, customerId, newProfile, createdAt, now);
    }

    /** The customer as this link's partner knows it. */
    public KnownCustomer known() {
        return new KnownCustomer(companyCustomerId, customerId, profile);
    }
}
