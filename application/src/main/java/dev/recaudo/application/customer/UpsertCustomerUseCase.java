package dev.recaudo.application.customer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import java.time.Instant;

/** Inbound port of the integrations API: synchronizing a partner's customer. */
public interface UpsertCustomerUseCase {

    /**
     * The partner's upsert of its customer, signed at {@code signedAt} (its {@code Service-Timestamp}):
     * {@link UpsertResult.Stale} when an upsert of this customer signed later was already applied.
     */
    UpsertResult upsert(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile, Instant signedAt);

    /**
     * The customer part of an upsert whose caller has already put it in order with
     * {@link dev.recaudo.domain.upsert.UpsertOrder}: a document upsert orders its document and its
     * customer in one statement, and calls this only when the customer's part is in order.
     */
    UpsertResult synchronize(TenantScope scope, String source, String externalCustomerId, CustomerProfile profile);

    sealed interface UpsertResult {
        /** The partner's customer was new to it (possibly linked to a customer known by tax id). */
        record Created(CustomerLink customer) implements UpsertResult {}

        record Updated(CustomerLink customer) implements UpsertResult {}

        /** Same data as the partner's stored data: nothing was written. */
        record Unchanged(CustomerLink customer) implements UpsertResult {}

        /** The customer has a tax identity and the new tax id names another one: a customer is its tax identity. */
        record TaxIdentityChanged() implements UpsertResult {}

        /** The new tax id already identifies another customer of the company. */
        record TaxIdentityTaken() implements UpsertResult {}

        /** An upsert of this customer signed later was applied already: nothing was written. */
        record Stale() implements UpsertResult {}
    }
}
