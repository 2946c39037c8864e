package dev.recaudo.application.customer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerProfile;

/** Inbound port of the integrations API: synchronizing a partner's customer. */
public interface UpsertCustomerUseCase {

    UpsertResult upsert(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile);

    sealed interface UpsertResult {
        /** The partner's customer was new to Recaudo (possibly linked to a customer known by tax id). */
        record Created(Customer customer) implements UpsertResult {}

        record Updated(Customer customer) implements UpsertResult {}

        /** Same data as stored: nothing was written. */
        record Unchanged(Customer customer) implements UpsertResult {}

        /** The new tax id already identifies another customer of the company. */
        record TaxIdentityTaken() implements UpsertResult {}
    }
}
