package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A payer as a company's checkouts know it, found by e-mail ignoring case.
 *
 * @param id the company's id of the payer ({@code companyCustomerId}), what checkouts use
 * @param customerId the payer's global id: the same for one e-mail in every company and environment
 *     (derived by the application's {@code PayerIds}, under a secret)
 */
public record CheckoutCustomer(UUID id, TenantScope scope, UUID customerId, String email, String name,
        Optional<String> phone, Optional<String> identityDocument, Instant createdAt) {

    /** The UUID version of the name-based ids (MD5) that payers had before. */
    private static final int NAME_BASED_VERSION = 3;

    public CheckoutCustomer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(identityDocument, "identityDocument");
    }

    /** A payer not known yet: a fresh company id and the payer's global id. */
    public static CheckoutCustomer candidate(TenantScope scope, UUID customerId, String email, String name,
            Optional<String> phone, Optional<String> identityDocument, Instant now) {
        return new CheckoutCustomer(UUID.randomUUID(), scope, customerId, email, name, phone, identityDocument, now);
    }

    /**
     * Whether the stored global id is still the name-based UUID (version 3) of the e-mail that
     * payers were given before their ids were keyed (version 8); such an id is replaced, never shown.
     */
    public boolean hasNameBasedId() {
        return customerId.version() == NAME_BASED_VERSION;
    }

    public CheckoutCustomer withCustomerId(UUID keyed) {
        return new CheckoutCustomer(id, scope, keyed, email, name, phone, identityDocument, createdAt);
    }
}
