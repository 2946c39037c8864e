package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerRepository;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Customers and partner links in memory, keyed like the database keys them (a link by partner and
 * external id, a customer by id and by tax identity), counting every write. Lists are not kept: the
 * application layer only pages what the repository answers.
 */
public final class InMemoryCustomerRepository implements CustomerRepository, TransactionalFake {

    private record LinkKey(TenantScope scope, String source, String externalCustomerId) {}

    private Map<UUID, Customer> customers = new LinkedHashMap<>();
    private Map<LinkKey, CustomerLink> links = new LinkedHashMap<>();
    private int writes;

    @Override
    public void lockIdentity(TenantScope scope, String identity) {
        // One thread: nothing to serialize.
    }

    @Override
    public Optional<CustomerLink> findLink(TenantScope scope, String source, String externalCustomerId) {
        return Optional.ofNullable(links.get(new LinkKey(scope, source, externalCustomerId)));
    }

    @Override
    public Optional<CustomerLink> findFirstLink(TenantScope scope, String source, UUID companyCustomerId) {
        return links.values().stream()
                .filter(link -> link.scope().equals(scope) && link.source().equals(source)
                        && link.companyCustomerId().equals(companyCustomerId))
                .min(Comparator.comparing(CustomerLink::createdAt).thenComparing(CustomerLink::externalCustomerId));
    }

    @Override
    public Optional<Customer> findByTaxIdentity(TenantScope scope, String taxIdentity) {
        return customers.values().stream()
                .filter(customer -> customer.scope().equals(scope) && customer.taxIdentity().equals(Optional.of(taxIdentity)))
                .findFirst();
    }

    @Override
    public Optional<Customer> find(TenantScope scope, UUID companyCustomerId) {
        return Optional.ofNullable(customers.get(companyCustomerId)).filter(customer -> customer.scope().equals(scope));
    }

    @Override
    public void insert(Customer customer) {
        if (customer.taxIdentity().flatMap(identity -> findByTaxIdentity(customer.scope(), identity)).isPresent()
                || customers.putIfAbsent(customer.id(), customer) != null) {
            throw new IllegalStateException("duplicate customer " + customer.id());
        }
        writes++;
    }

    @Override
    public void assignTaxIdentity(Customer customer) {
        Customer stored = customers.get(customer.id());
        if (stored == null || stored.taxIdentity().isPresent()) {
            throw new IllegalStateException("a customer's tax identity is set once");
        }
        customers.put(customer.id(), customer);
        writes++;
    }

    @Override
    public void insertLink(CustomerLink link) {
        if (links.putIfAbsent(new LinkKey(link.scope(), link.source(), link.externalCustomerId()), link) != null) {
            throw new IllegalStateException("duplicate link " + link.source() + ":" + link.externalCustomerId());
        }
        writes++;
    }

    @Override
    public void updateLink(CustomerLink link) {
        if (links.replace(new LinkKey(link.scope(), link.source(), link.externalCustomerId()), link) == null) {
            throw new IllegalStateException("no link " + link.source() + ":" + link.externalCustomerId());
        }
        writes++;
    }

    @Override
    public List<CustomerListItem> list(TenantScope scope, CustomerListQuery query) {
        throw new UnsupportedOperationException("lists are not kept in memory");
    }

    @Override
    public Runnable captureRollback() {
        Map<UUID, Customer> savedCustomers = new LinkedHashMap<>(customers);
        Map<LinkKey, CustomerLink> savedLinks = new LinkedHashMap<>(links);
        int savedWrites = writes;
        return () -> {
            customers = savedCustomers;
            links = savedLinks;
            writes = savedWrites;
        };
    }

    public int writes() {
        return writes;
    }

    /** Every customer stored, in insertion order. */
    public List<Customer> all() {
        return List.copyOf(customers.values());
    }
}
