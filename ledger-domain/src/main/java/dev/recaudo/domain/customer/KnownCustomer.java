package dev.recaudo.domain.customer;

import java.util.Objects;
import java.util.UUID;

/**
 * A customer as the partner reading a document or payment knows it: the ids every partner shares
 * (they name the taxpayer the ledger and documents refer to) and the data that partner gave.
 */
public record KnownCustomer(UUID companyCustomerId, UUID customerId, CustomerProfile profile) {

    public KnownCustomer {
        Objects.requireNonNull(companyCustomerId, "companyCustomerId");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(profile, "profile");
    }
}
