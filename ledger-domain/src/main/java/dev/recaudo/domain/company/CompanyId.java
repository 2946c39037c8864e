package dev.recaudo.domain.company;

import java.util.Objects;
import java.util.UUID;

/** Identity of a company, the tenant that owns every other record. */
public record CompanyId(UUID value) {
    public CompanyId {
        Objects.requireNonNull(value, "value");
    }

    public static CompanyId random() {
        return new CompanyId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
