package dev.recaudo.application.customer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.upsert.PartnerRecord;
import dev.recaudo.domain.upsert.UpsertOrder;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Creates, updates or leaves alone a partner's customer. What the partner sends is kept in its own
 * link: a partner never writes the data another partner (or a public invoice) gave the shared
 * customer, so it cannot change what they read. Writers of one external id, and of one tax
 * identity, are serialized by identity locks taken in that order, so racing upserts of the same
 * customer create it once and never deadlock. An upsert is put in order first
 * ({@link UpsertOrder}, whose row it then holds), so a document upsert, which orders the customer
 * with its document before it synchronizes it, takes the customer's locks in the same order.
 */
public final class UpsertCustomerService implements UpsertCustomerUseCase {

    private final CustomerRepository customers;
    private final UpsertOrder order;
    private final Transactions transactions;
    private final Clock clock;

    public UpsertCustomerService(CustomerRepository customers, UpsertOrder order, Transactions transactions, Clock clock) {
        this.customers = customers;
        this.order = order;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public UpsertResult upsert(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile,
            Instant signedAt) {
        return transactions.inTransaction(() -> {
            if (!order.advance(scope, signedAt, List.of(PartnerRecord.customer(source, externalCustomerId))).isEmpty()) {
                return new UpsertResult.Stale();
            }
            return synchronizeInTransaction(scope, source, externalCustomerId, profile);
        });
    }

    @Override
    public UpsertResult synchronize(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile) {
        return transactions.inTransaction(() -> synchronizeInTransaction(scope, source, externalCustomerId, profile));
    }

    private UpsertResult synchronizeInTransaction(TenantScope scope, String source, String externalCustomerId,
            CustomerProfile profile) {
        customers.lockIdentity(scope, "external:" + source + ":" + externalCustomerId);
        profile.taxIdentity().ifPresent(identity -> customers.lockIdentity(scope, "tax:" + identity));
        Instant now = clock.instant();
        Optional<CustomerLink> linked = customers.findLink(scope, source, externalCustomerId);
        if (linked.isPresent()) {
            return update(linked.get(), profile, now);
        }
        Optional<Customer> known = profile.taxIdentity().flatMap(identity -> customers.findByTaxIdentity(scope, identity));
        Customer customer = known.orElseGet(() -> Customer.create(scope, profile, now));
        if (known.isEmpty()) {
            customers.insert(customer);
        }
        CustomerLink link = CustomerLink.create(customer, source, externalCustomerId, profile, now);
        customers.insertLink(link);
        return new UpsertResult.Created(link);
    }

    /**
     * The partner's new data for its link. The customer's tax identity never changes: another
     * spelling of it is only data, another identity is refused. A customer created without one
     * takes its first, unless it already names another customer.
     */
    private UpsertResult update(CustomerLink link, CustomerProfile profile, Instant now) {
        if (link.profile().equals(profile)) {
            return new UpsertResult.Unchanged(link);
        }
        Customer customer = customers.find(link.scope(), link.companyCustomerId()).orElseThrow();
        Optional<String> identity = profile.taxIdentity();
        if (identity.isPresent() && !identity.equals(customer.taxIdentity())) {
            if (customer.taxIdentity().isPresent()) {
                return new UpsertResult.TaxIdentityChanged();
            }
            if (customers.findByTaxIdentity(link.scope(), identity.get()).isPresent()) {
                return new UpsertResult.TaxIdentityTaken();
            }
            customers.assignTaxIdentity(customer.withFirstTaxId(profile.taxId().orElseThrow(), now));
        }
        CustomerLink updated = link.withProfile(profile, now);
        customers.updateLink(updated);
        return new UpsertResult.Updated(updated);
    }
}
