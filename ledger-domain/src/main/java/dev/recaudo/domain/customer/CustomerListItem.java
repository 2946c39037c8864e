package dev.recaudo.domain.customer;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A customer as the integrations list shows it: one item per customer, described by one link of
 * the listed partner ({@code source}, {@code externalCustomerId}: its oldest), with that link's data
 * and times. {@code externalIntegrations} are the links the reader may see: its own, or every
 * partner's for a key without a source.
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
