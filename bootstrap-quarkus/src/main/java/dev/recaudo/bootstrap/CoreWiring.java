package dev.recaudo.bootstrap;

import dev.recaudo.application.admin.AdminAuthenticationService;
import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.LoginAttempts;
import dev.recaudo.application.apikey.ApiKeyAdministrationService;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationService;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.common.LeasedBatches;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.company.CompanyAdministrationService;
import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.customer.CustomerQueries;
import dev.recaudo.application.customer.CustomerQueryService;
import dev.recaudo.application.customer.UpsertCustomerService;
import dev.recaudo.application.customer.UpsertCustomerUseCase;
import dev.recaudo.application.document.DocumentQueries;
import dev.recaudo.application.document.DocumentQueryService;
import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.integration.CollectionDocumentsService;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.application.integration.DocumentDossiers;
import dev.recaudo.application.integration.VerifiedPaymentsService;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentService;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.application.invoice.SandboxService;
import dev.recaudo.application.invoice.CheckoutPaymentService;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.ledger.LedgerAuditService;
import dev.recaudo.application.ledger.LedgerAuditUseCase;
import dev.recaudo.application.messaging.MessagingEventsService;
import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.metrics.OperationalMetrics;

import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.domain.messaging.MessagingEventRepository;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.upsert.UpsertOrder;
import dev.recaudo.domain.webhook.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;

/**
 * Builds the framework-free core: each use case is a plain object, given the adapters that
 * implement its ports. This is the only place the two worlds meet.
 */
public class CoreWiring {

    @Produces
    @Singleton
    Clock clock() {
        // PostgreSQL keeps microseconds; ticking at that resolution makes what a write answers
        // equal to what a later read returns.
        return Clock.tick(Clock.systemUTC(), Duration.ofNanos(1_000));
    }

    @Produces
    @Singleton
    SecureRandom secureRandom() {
        return new SecureRandom();
    }

    @Produces
    @Singleton
    CompanyAdministrationUseCase companyAdministration(
            CompanyRepository companies, AdminUserRepository admins, PasswordHasher hasher, Transactions transactions, Clock clock) {
        return new CompanyAdministrationService(companies, admins, hasher, transactions, clock);
    }

    /**
     * Application-scoped (created on first use, behind a proxy) rather than a singleton: the admin
     * filter that uses it is built at static init, and building the service hashes a decoy password
     * with the configured cost, which exists only at runtime.
     */
    @Produces
    @ApplicationScoped
    AdminAuthenticationUseCase adminAuthentication(AdminUserRepository admins, CompanyRepository companies, PasswordHasher hasher) {
        return new AdminAuthenticationService(admins, companies, hasher);
    }

    @Produces
    @Singleton
    ApiKeyAdministrationUseCase apiKeyAdministration(ApiKeyRepository keys, CompanyRepository companies,
            Transactions transactions, Clock clock, SecureRandom random, RecaudoConfig config) {
        return new ApiKeyAdministrationService(keys, companies, transactions, clock, random, config.apiKeys().activeMax());
    }

    @Produces
    @Singleton
    ApiKeyAuthenticationUseCase apiKeyAuthentication(ApiKeyRepository keys, Clock clock) {
        return new ApiKeyAuthenticationService(keys, clock);
    }

    @Produces
    @Singleton
    DocumentQueries documentQueries(CollectionDocumentRepository documents) {
        return new DocumentQueryService(documents);
    }

    @Produces
    @Singleton
    CustomerQueries customerQueries(CustomerRepository customers, Ledger ledger) {
        return new CustomerQueryService(customers, ledger);
    }

    @Produces
    @Singleton
    UpsertCustomerUseCase upsertCustomer(CustomerRepository customers, UpsertOrder order, Transactions transactions,
            Clock clock) {
        return new UpsertCustomerService(customers, order, transactions, clock);
    }

    @Produces
    @Singleton
    MessagingEventsUseCase messagingEvents(MessagingEventRepository events, CompanyRepository companies,
            Transactions transactions, Clock clock) {
        return new MessagingEventsService(events, companies, transactions, clock);
    }

    @Produces
    @Singleton
    LedgerAuditUseCase ledgerAudit(LedgerAudit audit) {
        return new LedgerAuditService(audit);
    }

    @Produces
    @Singleton
    PublicInvoiceProjection publicInvoiceProjection(RecaudoConfig config) {
        return new PublicInvoiceProjection(config.publicBaseUrl());
    }

    @Produces
    @Singleton
    DocumentBook documentBook(CollectionDocumentRepository documents, CheckoutRepository checkouts,
            ExternalPaymentRepository externalPayments, PaymentRepository payments, Ledger ledger, Outbox outbox,
            PublicInvoiceProjection projection) {
        return new DocumentBook(documents, checkouts, externalPayments, payments, ledger, outbox, projection);
    }

    @Produces
    @Singleton
    InvoiceLifecycleUseCase invoiceLifecycle(CollectionDocumentRepository documents, CustomerRepository customers,
            PaymentRepository payments, DocumentBook book, Transactions transactions, OperationalMetrics metrics, Clock clock) {
        return new InvoiceLifecycleService(documents, customers, payments, book, transactions, metrics, clock);
    }

    @Produces
    @Singleton
    SandboxUseCase sandbox(CollectionDocumentRepository documents, CheckoutRepository checkouts, DocumentBook book,
            Transactions transactions, CheckoutPaymentUseCase checkoutPayments, Clock clock) {
        return new SandboxService(documents, checkouts, book, transactions, checkoutPayments, clock);
    }

    /** The one payment of an invoice's checkout: the sandbox's, and a card session's. */
    @Produces
    @Singleton
    CheckoutPaymentUseCase checkoutPayments(CollectionDocumentRepository documents, CheckoutRepository checkouts,
            PaymentRepository payments, Ledger ledger, DocumentBook book, Transactions transactions, OperationalMetrics metrics,
            Clock clock) {
        return new CheckoutPaymentService(documents, checkouts, payments, ledger, book, transactions, metrics, clock);
    }

    @Produces
    @Singleton
    BulkAnnulmentUseCase bulkAnnulment(JobRepository jobs, CollectionDocumentRepository documents, DocumentBook book,
            Transactions transactions, Clock clock, RecaudoConfig config) {
        return new BulkAnnulmentService(jobs, documents, book, transactions, clock,
                new LeasedBatches(config.jobs().batchSize(), Duration.ofSeconds(config.jobs().leaseSeconds())));
    }

    @Produces
    @Singleton
    IdempotentExecution idempotentExecution(IdempotencyStore store, AuditLog audit, Transactions transactions, Clock clock) {
        return new IdempotentExecution(store, audit, transactions, clock);
    }

    @Produces
    @Singleton
    CollectionDocumentsUseCase collectionDocuments(CollectionDocumentRepository documents, CustomerRepository customers,
            UpsertCustomerUseCase customerUpserts, UpsertOrder order, DocumentDossiers dossiers, DocumentBook book,
            Transactions transactions, Clock clock) {
        return new CollectionDocumentsService(documents, customers, customerUpserts, order, dossiers, book, transactions,
                clock);
    }

    @Produces
    @Singleton
    VerifiedPaymentsUseCase verifiedPayments(PaymentRepository payments, CollectionDocumentRepository documents,
            CustomerRepository customers, Ledger ledger, DocumentBook book, Transactions transactions, OperationalMetrics metrics,
            Clock clock) {
        return new VerifiedPaymentsService(payments, documents, customers, ledger, book, transactions, metrics, clock);
    }

    @Produces
    @Singleton
    RateLimiter rateLimiter(RateLimitCounterStore store, Clock clock) {
        return new RateLimiter(store, clock);
    }

    @Produces
    @Singleton
    LoginAttempts loginAttempts(RateLimiter limiter, RecaudoConfig config) {
        return new LoginAttempts(limiter, new LoginAttempts.Limits(config.admin().loginAttemptsPerMinute(),
                config.admin().loginFailuresPerAddressPerMinute(), config.admin().loginFailuresPerEmailPerMinute()));
    }
}
