package dev.recaudo.domain.company;

import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A tenant. Its reference currency is its financial configuration: without one, money cannot be
 * expressed in the public invoice API, so money operations are refused until an operator sets it.
 */
public record Company(
        CompanyId id, String name, Optional<CurrencyCode> referenceCurrency, boolean enabled, Instant createdAt) {

    public static final int NAME_LENGTH_MAX = 200;

    public Company {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(referenceCurrency, "referenceCurrency");
        Objects.requireNonNull(createdAt, "createdAt");
        if (name == null || name.isBlank() || name.length() > NAME_LENGTH_MAX) {
            throw new IllegalArgumentException("company name must have 1 to " + NAME_LENGTH_MAX + " characters");
        }
    }

    public boolean hasFinancialConfiguration() {
        return referenceCurrency.isPresent();
    }

    /**
     * Whether money may be taken for the company now: it is enabled and has its financial
     * configuration, as every money operation of the API requires.
     */
    public boolean takesPayments() {
        return enabled && hasFinancialConfiguration();
    }

    public Company withEnabled(boolean newEnabled) {
        return new Company(id, name, referenceCurrency, newEnabled, createdAt);
    }

    public Company withReferenceCurrency(Optional<CurrencyCode> newReferenceCurrency) {
        return new Company(id, name, newReferenceCurrency, enabled, createdAt);
    }
}
