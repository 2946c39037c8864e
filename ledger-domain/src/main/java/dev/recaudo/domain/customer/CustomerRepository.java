package dev.recaudo.domain.customer;

import dev.recaudo.domain.common.TenantScope;
import java.util.List;

/** Port: where customers and their partner identities are kept. */
public interface CustomerRepository {

    /** Up to {@code limit + 1} rows, so the caller can tell whether another page exists. */
    List<CustomerListItem> list(TenantScope scope, CustomerListQuery query);
}
