package dev.recaudo.application.customer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import java.util.List;

/** Inbound port: reading customers. */
public interface CustomerQueries {

    CustomerSlice list(TenantScope scope, CustomerListQuery query);

    /** A keyset page: the rows and whether more follow the last one. */
    record CustomerSlice(List<CustomerListItem> items, boolean hasMore) {}
}
