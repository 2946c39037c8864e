package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.TenantScope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A payer as a company's checkouts know it, found by e-mail ignoring case.
 *
 * @param id the company's id of the payer ({@code companyCustomerId}), what checkouts use
 * @param customerId the payer's global id: the same for one e-mail in every company and environment
 */
public record CheckoutCustomer(UUID id, TenantScope scope, UUID customerId, String email, String name,
        Optional<String> phone, Optional<String> identityDocument, Instant createdAt) {

    public CheckoutCustomer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(identityDocument, "identityDocument");
    }

    /** A payer not known yet: a fresh company id and the e-mail's global id. */
    public static CheckoutCustomer candidate(TenantScope scope, String email, String name, Optional<String> phone,
            Optional<String> identityDocument, Instant now) {
        return new CheckoutCustomer(UUID.randomUUID(), scope, globalId(email), email, name, phone, identityDocument, now);
    }

    /** A name-based UUID of the lower-cased e-mail, so one payer has one global id without a shared registry. */
    public static UUID globalId(String email) {
        return UUID.nameUUIDFromBytes(("recaudo:payer:" + email.toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.UTF_8));
    }
}
