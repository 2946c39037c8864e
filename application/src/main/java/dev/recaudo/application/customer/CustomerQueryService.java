package dev.recaudo.application.customer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerRepository;
import java.util.List;

public final class CustomerQueryService implements CustomerQueries {

    private final CustomerRepository customers;

    public CustomerQueryService(CustomerRepository customers) {
        this.customers = customers;
    }

    @Override
    public CustomerSlice list(TenantScope scope, CustomerListQuery query) {
        List<CustomerListItem> rows = customers.list(scope, query);
        boolean hasMore = rows.size() > query.limit();
        return new CustomerSlice(hasMore ? rows.subList(0, query.limit()) : rows, hasMore);
    }
}
