package dev.recaudo.bootstrap;

import dev.recaudo.application.banktransfer.ReceivingAccountsService;
import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase;
import dev.recaudo.application.banktransfer.BankStatementsService;
import dev.recaudo.application.banktransfer.BankStatementsUseCase;
import dev.recaudo.application.banktransfer.ProposalsService;
import dev.recaudo.application.banktransfer.ReconciliationInboxService;
import dev.recaudo.application.banktransfer.ReconciliationInboxUseCase;
import dev.recaudo.application.banktransfer.ProposalsUseCase;
import dev.recaudo.application.banktransfer.Proposing;
import dev.recaudo.application.banktransfer.ReferenceMatching;
import dev.recaudo.application.banktransfer.ReversalMatching;
import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.application.banktransfer.ClaimMatching;
import dev.recaudo.application.banktransfer.PayerReportsService;
import dev.recaudo.application.banktransfer.PayerReportsUseCase;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.application.banktransfer.TransferInstructionsService;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.application.banktransfer.TransferInstructionsUseCase;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.PaymentReferences;
import dev.recaudo.domain.checkout.CheckoutRepository;
import java.security.SecureRandom;
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

    @Produces
    @Singleton
    BankStatementsUseCase bankStatements(ReceivingAccounts accounts, BankStatements statements, PaymentReferences references,
            CheckoutRepository checkouts, CheckoutPaymentUseCase payments, SandboxUseCase conciliation, Proposals proposals,
            PayerReports reports, PaymentRepository ledgerPayments, MoneyReturnedUseCase returned, Transactions transactions,
            Clock clock) {
        return new BankStatementsService(accounts, statements, new ReferenceMatching(references, checkouts, statements, payments,
                conciliation, new Proposing(proposals, clock), new ClaimMatching(reports, checkouts, proposals, clock),
                new ReversalMatching(statements, ledgerPayments, returned)),
                transactions, clock);
    }

    @Produces
    @Singleton
    PayerReportsUseCase payerReports(CheckoutRepository checkouts, ReceivingAccounts accounts, PayerReports reports,
            RateLimiter limiter, Clock clock) {
        return new PayerReportsService(checkouts, accounts, reports, limiter, clock);
    }

    @Produces
    @Singleton
    ProposalsUseCase proposals(Proposals proposals, CheckoutRepository checkouts, BankStatements statements,
            CheckoutPaymentUseCase payments, SandboxUseCase conciliation, RecaudoConfig config, Transactions transactions, Clock clock) {
        return new ProposalsService(proposals, checkouts, statements, payments, conciliation,
                config.reconciliation().secondConfirmations(), transactions, clock);
    }

    @Produces
    @Singleton
    ReconciliationInboxUseCase reconciliationInbox(ProposalsUseCase proposals, PayerReports reports, CheckoutRepository checkouts) {
        return new ReconciliationInboxService(proposals, reports, checkouts);
    }

    @Produces
    @Singleton
    TransferInstructionsUseCase transferInstructions(CheckoutRepository checkouts, ReceivingAccounts accounts,
            PaymentReferences references, SecureRandom random, Clock clock) {
        return new TransferInstructionsService(checkouts, accounts, references,
                () -> random.nextLong(PaymentReference.SERIAL_MAX + 1), clock);
    }
}
