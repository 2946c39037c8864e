package dev.recaudo.application.customer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Creates, updates or leaves alone a partner's customer. Writers of one external id, and of one
 * tax identity, are serialized by identity locks taken in that order, so racing upserts of the
 * same customer create it once and never deadlock.
 */
public final class UpsertCustomerService implements UpsertCustomerUseCase {

    private final CustomerRepository customers;
    private final Transactions transactions;
    private final Clock clock;

    public UpsertCustomerService(CustomerRepository customers, Transactions transactions, Clock clock) {
        this.customers = customers;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public UpsertResult upsert(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile) {
        return transactions.inTransaction(() -> {
            customers.lockIdentity(scope, "external:" + source + ":" + externalCustomerId);
            profile.taxIdentity().ifPresent(identity -> customers.lockIdentity(scope, "tax:" + identity));
            Instant now = clock.instant();
            Optional<Customer> linked = customers.findByExternalId(scope, source, externalCustomerId);
            Optional<Customer> byTaxIdentity = profile.taxIdentity().flatMap(identity -> customers.findByTaxIdentity(scope, identity));

            if (linked.isPresent()) {
                Customer customer = linked.get();
                if (customer.profile().equals(profile)) {
                    return new UpsertResult.Unchanged(customer);
                }
                if (byTaxIdentity.filter(other -> !other.id().equals(customer.id())).isPresent()) {
                    return new UpsertResult.TaxIdentityTaken();
                }
                Customer updated = customer.withProfile(profile, now);
                customers.update(updated);
                return new UpsertResult.Updated(updated);
            }
            Customer customer;
            if (byTaxIdentity.isPresent()) {
                customer = byTaxIdentity.get().withProfile(profile, now);
                customers.update(customer);
            } else {
                customer = Customer.create(scope, profile, now);
                customers.insert(customer);
            }
            customers.link(scope, source, externalCustomerId, customer.id(), now);
            return new UpsertResult.Created(customer);
        });
    }
}
