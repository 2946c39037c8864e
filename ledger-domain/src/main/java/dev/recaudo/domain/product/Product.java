package dev.recaudo.domain.product;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.UUID;

/** A catalog item of a company that checkouts sell, identified by its SKU within the company. */
public record Product(
        UUID id,
        CompanyId companyId,
        String sku,
        String name,
        String description,
        Money amount,
        String status,
        String metadataJson,
        Instant createdAt,
        Instant updatedAt) {}
