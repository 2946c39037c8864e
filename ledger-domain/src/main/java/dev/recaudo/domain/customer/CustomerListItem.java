package dev.recaudo.domain.customer;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A customer as the integrations list shows it, with every partner identity linked to it.
 * {@code source} and {@code externalCustomerId} are those of the link the list was filtered by.
 */
public record CustomerListItem(
        UUID customerId,
        UUID companyCustomerId,
        String source,
        String externalCustomerId,
        String type,
        String name,
        String status,
        List<ExternalIdentity> externalIntegrations,
        String customerCode,
        String email,
        String phone,
        String taxId,
        Instant createdAt,
        Instant updatedAt) {

    public record ExternalIdentity(String source, String externalCustomerId) {}
}
