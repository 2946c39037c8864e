package dev.recaudo.domain.product;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A catalog item of a company that checkouts sell, identified by its SKU within the company and
 * environment: a test key's products are not the live ones.
 *
 * @param metadataJson the partner's JSON object of at most {@link #METADATA_FIELDS_MAX} fields, or null
 */
public record Product(
        UUID id,
        TenantScope scope,
        String sku,
        String name,
        String description,
        Money amount,
        String status,
        String metadataJson,
        Instant createdAt,
        Instant updatedAt) {

    public static final int METADATA_FIELDS_MAX = 10;

    public Product {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(sku, "sku");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(status, "status");
    }
}
