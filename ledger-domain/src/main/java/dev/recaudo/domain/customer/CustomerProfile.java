package dev.recaudo.domain.customer;

import java.util.Objects;
import java.util.Optional;

/**
 * What a partner tells Recaudo about a customer. Two equal profiles mean an upsert changes
 * nothing and writes nothing.
 */
public record CustomerProfile(
        Optional<CustomerType> type,
        String name,
        Optional<String> email,
        Optional<String> phone,
        Optional<String> taxId,
        Optional<String> customerCode) {

    public static final int NAME_LENGTH_MAX = 200;

    public CustomerProfile {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(taxId, "taxId");
        Objects.requireNonNull(customerCode, "customerCode");
        if (name == null || name.isEmpty() || name.length() > NAME_LENGTH_MAX) {
            throw new IllegalArgumentException("customer name must have 1 to " + NAME_LENGTH_MAX + " characters");
        }
    }

    public Optional<String> taxIdentity() {
        return taxId.flatMap(TaxIdentity::normalize);
    }

    public enum CustomerType {
        INDIVIDUAL,
        BUSINESS
    }
}
