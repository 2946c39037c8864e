package dev.recaudo.application.banktransfer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

public final class ReceivingAccountsService implements ReceivingAccountsUseCase {

    /** Active accounts per company: the page lists those of a currency, and a page of twenty is already long. */
    static final int ACTIVE_MAX = 20;

    private final ReceivingAccounts accounts;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;

    public ReceivingAccountsService(ReceivingAccounts accounts, CompanyRepository companies, Transactions transactions,
            Clock clock) {
        this.accounts = accounts;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public RegisterResult register(CompanyId companyId, NewAccount account) {
        return transactions.inTransaction(() -> {
            // The company's lock serializes two registrations racing for the last place.
            companies.lock(companyId).orElseThrow();
            if (accounts.countActive(companyId) >= ACTIVE_MAX) {
                return new RegisterResult.LimitReached(ACTIVE_MAX);
            }
            ReceivingAccount created = new ReceivingAccount(UUID.randomUUID(), companyId, account.bank(),
                    account.accountNumber(), account.phone(), account.holder(), account.currency(), true, clock.instant());
            accounts.insert(created);
            return new RegisterResult.Registered(created);
        });
    }

    @Override
    public List<ReceivingAccount> list(CompanyId companyId) {
        return accounts.list(companyId);
    }

    @Override
    public boolean deactivate(CompanyId companyId, UUID accountId) {
        return transactions.inTransaction(() -> accounts.deactivate(companyId, accountId));
    }

    @Override
    public boolean setCsvMapping(CompanyId companyId, UUID accountId, CsvMapping mapping) {
        return transactions.inTransaction(() -> accounts.saveCsvMapping(companyId, accountId, mapping, clock.instant()));
    }

    @Override
    public Optional<CsvMapping> csvMapping(CompanyId companyId, UUID accountId) {
        return accounts.find(companyId, accountId)
                .map(account -> accounts.csvMapping(companyId, accountId).orElse(CsvMapping.DEFAULT));
    }
}
