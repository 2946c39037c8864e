package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The append-only ledger in a list. Like the database's triggers, it refuses by throwing a transfer
 * whose entries do not sum to zero in every currency and a transfer posted twice, so a use case
 * that tried either fails its test even if the domain's own check were loosened.
 */
public final class InMemoryLedger implements Ledger, TransactionalFake {

    private List<Transfer> transfers = new ArrayList<>();

    @Override
    public void post(Transfer transfer) {
        Map<CurrencyCode, Long> sums = sums(List.of(transfer));
        sums.forEach((currency, sum) -> {
            if (sum != 0) {
                throw new IllegalStateException("unbalanced transfer " + transfer.id() + ": " + currency + " sums to " + sum);
            }
        });
        if (transfers.stream().anyMatch(posted -> posted.id().equals(transfer.id()))) {
            throw new IllegalStateException("transfer " + transfer.id() + " is posted already: entries are never rewritten");
        }
        transfers.add(transfer);
    }

    @Override
    public Money balance(TenantScope scope, AccountCode account, CurrencyCode currency) {
        long sum = 0;
        for (Transfer transfer : transfers) {
            if (transfer.scope().equals(scope)) {
                for (Entry entry : transfer.entries()) {
                    if (entry.account().equals(account) && entry.amount().currency() == currency) {
                        sum = Math.addExact(sum, entry.amount().amountMinor());
                    }
                }
            }
        }
        return Money.of(sum, currency);
    }

    @Override
    public Map<AccountCode, List<Money>> balances(TenantScope scope, Collection<AccountCode> accounts) {
        Map<AccountCode, List<Money>> balances = new LinkedHashMap<>();
        for (AccountCode account : accounts) {
            Map<CurrencyCode, Long> sums = new EnumMap<>(CurrencyCode.class);
            transfers.stream().filter(transfer -> transfer.scope().equals(scope))
                    .flatMap(transfer -> transfer.entries().stream()).filter(entry -> entry.account().equals(account))
                    .forEach(entry -> sums.merge(entry.amount().currency(), entry.amount().amountMinor(), Math::addExact));
            if (!sums.isEmpty()) {
                balances.put(account, sums.entrySet().stream().map(sum -> Money.of(sum.getValue(), sum.getKey()))
                        .sorted(Comparator.comparing(money -> money.currency().name())).toList());
            }
        }
        return balances;
    }

    @Override
    public Runnable captureRollback() {
        List<Transfer> saved = new ArrayList<>(transfers);
        return () -> transfers = saved;
    }

    /** Every transfer posted, in order. */
    public List<Transfer> transfers() {
        return List.copyOf(transfers);
    }

    public List<Transfer> transfers(TransferKind kind) {
        return transfers.stream().filter(transfer -> transfer.kind() == kind).toList();
    }

    /**
     * The sum of every entry ever posted, per currency: all zeros when the books balance. A test
     * asserts it after each money movement, whatever path the movement took.
     */
    public Map<CurrencyCode, Long> sumOfAllEntries() {
        return sums(transfers);
    }

    private static Map<CurrencyCode, Long> sums(List<Transfer> posted) {
        Map<CurrencyCode, Long> sums = new EnumMap<>(CurrencyCode.class);
        for (Transfer transfer : posted) {
            for (Entry entry : transfer.entries()) {
                sums.merge(entry.amount().currency(), entry.amount().amountMinor(), Math::addExact);
            }
        }
        return sums;
    }
}
