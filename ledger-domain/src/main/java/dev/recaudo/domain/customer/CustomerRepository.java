package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: where customers and their partner identities are kept. Every method names the tenant. */
public interface CustomerRepository {

    /**
     * Serializes writers of one identity (a partner's external id, or a tax identity) until the
     * transaction ends, so two requests creating the same customer cannot both create it.
     */
    void lockIdentity(TenantScope scope, String identity);

    Optional<Customer> findByExternalId(TenantScope scope, String source, String externalCustomerId);

    Optional<Customer> findByTaxIdentity(TenantScope scope, String taxIdentity);

    Optional<Customer> find(TenantScope scope, UUID companyCustomerId);

    void insert(Customer customer);

    void update(Customer customer);

    /** Links a partner's identity to the customer; a link, once made, never moves. */
    void link(TenantScope scope, String source, String externalCustomerId, UUID companyCustomerId, Instant now);

    /** Up to {@code limit + 1} rows, so the caller can tell whether another page exists. */
    List<CustomerListItem> list(TenantScope scope, CustomerListQuery query);
}
