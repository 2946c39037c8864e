package dev.recaudo.bootstrap;

import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.CompanyUsersService;
import dev.recaudo.application.admin.CompanyUsersUseCase;
import dev.recaudo.application.admin.ConsoleSessionsService;
import dev.recaudo.application.admin.ConsoleSessionsUseCase;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.application.report.CustomerStatementService;
import dev.recaudo.application.report.CustomerStatementUseCase;
import dev.recaudo.application.report.DocumentBrowsingService;
import dev.recaudo.application.report.DocumentBrowsingUseCase;
import dev.recaudo.application.report.ExportsService;
import dev.recaudo.application.report.ExportsUseCase;
import dev.recaudo.application.report.ReceivablesOverviewService;
import dev.recaudo.application.report.ReceivablesOverviewUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.admin.InvitationStore;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.report.AppliedPaymentsExport;
import dev.recaudo.domain.report.CustomerStatements;
import dev.recaudo.domain.report.DocumentTrail;
import dev.recaudo.domain.report.ReceivablesReports;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;

/** The company console's use cases (docs/console.md): its sessions, the company's people, and its reports. */
public class ConsoleWiring {

    @Produces
    @Singleton
    ConsoleSessionsUseCase consoleSessions(ConsoleSessionStore sessions, AdminAuthenticationUseCase administrators,
            RecaudoConfig config, SecureRandom random, Clock clock) {
        ApiConfig.AdminConfig admin = config.admin();
        return new ConsoleSessionsService(sessions, administrators, new ConsoleSessionsService.Lifetimes(
                Duration.ofMinutes(admin.consoleIdleMinutes()), Duration.ofSeconds(admin.tokenLifetimeSeconds())), random, clock);
    }

    @Produces
    @Singleton
    CompanyUsersUseCase companyUsers(AdminUserRepository people, InvitationStore invitations, ConsoleSessionStore sessions,
            CompanyRepository companies, PasswordHasher hasher, Transactions transactions, SecureRandom random, Clock clock) {
        return new CompanyUsersService(people, invitations, sessions, companies, hasher, transactions, random, clock);
    }

    @Produces
    @Singleton
    ReceivablesOverviewUseCase receivablesOverview(ReceivablesReports reports, CompanyRepository companies, Transactions transactions,
            Clock clock) {
        return new ReceivablesOverviewService(reports, companies, transactions, clock);
    }

    @Produces
    @Singleton
    DocumentBrowsingUseCase documentBrowsing(CollectionDocumentsUseCase documents, DocumentTrail trail,
            WebhookEndpointsUseCase endpoints, CompanyRepository companies, Transactions transactions) {
        return new DocumentBrowsingService(documents, trail, endpoints, companies, transactions);
    }

    @Produces
    @Singleton
    CustomerStatementUseCase customerStatements(CustomerStatements statements, CustomerRepository customers, CompanyRepository companies,
            Transactions transactions, Clock clock) {
        return new CustomerStatementService(statements, customers, companies, transactions, clock);
    }

    @Produces
    @Singleton
    ExportsUseCase exports(AppliedPaymentsExport applied, CompanyRepository companies, Transactions transactions, Clock clock) {
        return new ExportsService(applied, companies, transactions, clock);
    }
}
