package dev.recaudo.application.customer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListItem.CreditBalance;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.money.Money;
import java.util.List;
import java.util.Map;

/**
 * Reads customers with their credit. A customer's credit is the balance of its
 * {@code customer_credit:<companyCustomerId>} ledger accounts (one per currency), read from the
 * ledger for the whole page at once, never kept in a counter of its own.
 */
public final class CustomerQueryService implements CustomerQueries {

    private final CustomerRepository customers;
    private final Ledger ledger;

    public CustomerQueryService(CustomerRepository customers, Ledger ledger) {
        this.customers = customers;
        this.ledger = ledger;
    }

    @Override
    public CustomerSlice list(TenantScope scope, CustomerListQuery query) {
        List<CustomerListItem> rows = customers.list(scope, query);
        boolean hasMore = rows.size() > query.limit();
        List<CustomerListItem> page = hasMore ? rows.subList(0, query.limit()) : rows;
        Map<AccountCode, List<Money>> credit = ledger.balances(scope,
                page.stream().map(customer -> AccountCode.customerCredit(customer.companyCustomerId())).toList());
        return new CustomerSlice(page.stream().map(customer -> customer.withCreditBalances(
                creditBalances(credit.getOrDefault(AccountCode.customerCredit(customer.companyCustomerId()), List.of()))))
                .toList(), hasMore);
    }

    /** Credit is credit-normal: the ledger holds it as a negative balance. Currencies with none left are not shown. */
    private static List<CreditBalance> creditBalances(List<Money> balances) {
        return balances.stream().filter(balance -> !balance.isZero())
                .map(balance -> new CreditBalance(balance.currency(), -balance.amountMinor())).toList();
    }
}
