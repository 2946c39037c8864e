package dev.recaudo.domain.ledger;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;

/**
 * Port: the append-only double-entry ledger. The store enforces what the domain already checks:
 * balanced transfers, and no update or delete of a posted entry.
 */
public interface Ledger {

    void post(Transfer transfer);

    /** Sum of all entries of the account in the currency: debits positive, credits negative. */
    Money balance(TenantScope scope, AccountCode account, CurrencyCode currency);
}
