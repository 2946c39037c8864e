package dev.recaudo.bootstrap;

import dev.recaudo.application.banktransfer.ReceivingAccountsService;
import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.company.CompanyRepository;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Builds the use cases of bank transfers (issue 23, rail two) from their adapters. */
public class BankTransferWiring {

    @Produces
    @Singleton
    ReceivingAccountsUseCase receivingAccounts(ReceivingAccounts accounts, CompanyRepository companies,
            Transactions transactions, Clock clock) {
        return new ReceivingAccountsService(accounts, companies, transactions, clock);
    }
}
