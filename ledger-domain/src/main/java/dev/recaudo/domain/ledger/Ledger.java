package dev.recaudo.domain.ledger;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Port: the append-only double-entry ledger. The store enforces what the domain already checks:
 * balanced transfers, and no update or delete of a posted entry.
 */
public interface Ledger {

    void post(Transfer transfer);

    /**
     * Posts the transfers in order, as {@link #post(Transfer)} would one by one; a store may post
     * them together (PostgreSQL: in one round trip).
     */
    default void post(List<Transfer> transfers) {
        transfers.forEach(this::post);
    }

    /** Sum of all entries of the account in the currency: debits positive, credits negative. */
    Money balance(TenantScope scope, AccountCode account, CurrencyCode currency);

    /**
     * The balance of each of {@code accounts} in every currency it has an account in (accounts are per
     * currency), ordered by currency; an account never posted to is absent from the map.
     */
    Map<AccountCode, List<Money>> balances(TenantScope scope, Collection<AccountCode> accounts);
}
