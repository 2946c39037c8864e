package dev.recaudo.application.fakes;

import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Receiving accounts in a list, in insertion order (oldest first, as the table answers). */
public final class InMemoryReceivingAccounts implements ReceivingAccounts {

    private final List<ReceivingAccount> accounts = new ArrayList<>();
    private final java.util.Map<UUID, CsvMapping> mappings = new java.util.HashMap<>();

    @Override
    public void insert(ReceivingAccount account) {
        accounts.add(account);
    }

    @Override
    public List<ReceivingAccount> list(CompanyId companyId) {
        return accounts.stream().filter(a -> a.companyId().equals(companyId)).toList();
    }

    @Override
    public Optional<ReceivingAccount> find(CompanyId companyId, UUID accountId) {
        return list(companyId).stream().filter(a -> a.id().equals(accountId)).findFirst();
    }

    @Override
    public List<ReceivingAccount> active(CompanyId companyId, CurrencyCode currency) {
        return list(companyId).stream().filter(a -> a.active() && a.currency() == currency).toList();
    }

    @Override
    public int countActive(CompanyId companyId) {
        return (int) list(companyId).stream().filter(ReceivingAccount::active).count();
    }

    @Override
    public boolean deactivate(CompanyId companyId, UUID accountId) {
        Optional<ReceivingAccount> found = find(companyId, accountId).filter(ReceivingAccount::active);
        found.ifPresent(a -> accounts.set(accounts.indexOf(a), new ReceivingAccount(a.id(), a.companyId(), a.bank(),
                a.accountNumber(), a.phone(), a.holder(), a.currency(), false, a.createdAt())));
        return found.isPresent();
    }

    @Override
    public Optional<CsvMapping> csvMapping(CompanyId companyId, UUID accountId) {
        return find(companyId, accountId).map(a -> mappings.get(a.id()));
    }

    @Override
    public boolean saveCsvMapping(CompanyId companyId, UUID accountId, CsvMapping mapping, java.time.Instant now) {
        Optional<ReceivingAccount> found = find(companyId, accountId);
        found.ifPresent(a -> mappings.put(a.id(), mapping));
        return found.isPresent();
    }
}
