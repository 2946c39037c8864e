package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
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

    Optional<CustomerLink> findLink(TenantScope scope, String source, String externalCustomerId);

    /** The partner's oldest link to the customer; a partner may link several external ids to one taxpayer. */
    Optional<CustomerLink> findFirstLink(TenantScope scope, String source, UUID companyCustomerId);

    Optional<Customer> findByTaxIdentity(TenantScope scope, String taxIdentity);

    Optional<Customer> find(TenantScope scope, UUID companyCustomerId);

    void insert(Customer customer);

    /** Stores the first tax identity of a customer created without one ({@link Customer#withFirstTaxId}). */
    void assignTaxIdentity(Customer customer);

    /** Links a partner's identity to the customer; a link, once made, never moves. */
    void insertLink(CustomerLink link);

    /** Stores the partner's new data for its link. */
    void updateLink(CustomerLink link);

    /** Up to {@code limit + 1} rows, so the caller can tell whether another page exists. */
    List<CustomerListItem> list(TenantScope scope, CustomerListQuery query);
}
