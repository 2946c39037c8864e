package dev.recaudo.bootstrap;

import dev.recaudo.application.admin.AdminAuthenticationService;
import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationService;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationService;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.checkout.CheckoutHelperService;
import dev.recaudo.application.checkout.CheckoutHelperUseCase;
import dev.recaudo.application.checkout.ExternalPaymentCheckouts;
import dev.recaudo.application.checkout.HostedCheckoutService;
import dev.recaudo.application.checkout.HostedCheckoutUseCase;
import dev.recaudo.application.checkout.InvoiceCheckouts;
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
import dev.recaudo.application.externalpayment.CallbackDispatchService;
import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.externalpayment.CallbackSecretService;
import dev.recaudo.application.externalpayment.CallbackSecretUseCase;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.integration.CollectionDocumentsService;
import dev.recaudo.application.integration.CollectionDocumentsUseCase;
import dev.recaudo.application.integration.VerifiedPaymentsService;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentService;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.application.invoice.SandboxService;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.application.messaging.MessagingEventsService;
import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.application.webhook.WebhookDispatchService;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsService;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.checkout.CheckoutCustomerRepository;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.messaging.MessagingEventRepository;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import dev.recaudo.webhooks.delivery.StandardWebhookSignature;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

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
    CustomerQueries customerQueries(CustomerRepository customers) {
        return new CustomerQueryService(customers);
    }

    @Produces
    @Singleton
    UpsertCustomerUseCase upsertCustomer(CustomerRepository customers, Transactions transactions, Clock clock) {
        return new UpsertCustomerService(customers, transactions, clock);
    }

    @Produces
    @Singleton
    ExternalPaymentsService externalPayments(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            WebhookTargetPolicy targets, Transactions transactions, Clock clock, RecaudoConfig config) {
        // recaudo.payments.processor names the live processor; only "none" exists, so live creation
        // answers 503 (docs/decisions.md, "External payments API").
        Optional<PaymentProcessor> live = switch (config.payments().processor()) {
            case "none" -> Optional.empty();
            default -> throw new IllegalStateException("unknown payment processor " + config.payments().processor());
        };
        return new ExternalPaymentsService(externalPayments, callbacks, documents, payments, ledger, book, targets,
                new SandboxProcessor(), live, transactions, clock);
    }

    @Produces
    @Singleton
    HostedCheckoutUseCase hostedCheckout(CheckoutRepository checkouts, CompanyRepository companies, SandboxUseCase sandbox,
            ExternalPaymentRepository externalPayments, ExternalPaymentsService externalPaymentCompletion,
            RecaudoConfig config) {
        return new HostedCheckoutService(List.of(new InvoiceCheckouts(checkouts, companies, sandbox),
                new ExternalPaymentCheckouts(externalPayments, companies, externalPaymentCompletion)),
                config.sandbox().enabled());
    }

    @Produces
    @Singleton
    MessagingEventsUseCase messagingEvents(MessagingEventRepository events, CompanyRepository companies,
            Transactions transactions, Clock clock) {
        return new MessagingEventsService(events, companies, transactions, clock);
    }

    @Produces
    @Singleton
    CheckoutHelperUseCase checkoutHelper(ProductRepository products, CheckoutCustomerRepository customers,
            Transactions transactions, Clock clock) {
        return new CheckoutHelperService(products, customers, transactions, clock);
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
            CheckoutRepository checkouts, PaymentRepository payments, DocumentBook book, Transactions transactions, Clock clock) {
        return new InvoiceLifecycleService(documents, customers, checkouts, payments, book, transactions, clock);
    }

    @Produces
    @Singleton
    SandboxUseCase sandbox(CollectionDocumentRepository documents, CheckoutRepository checkouts, PaymentRepository payments,
            DocumentBook book, Transactions transactions, Clock clock) {
        return new SandboxService(documents, checkouts, payments, book, transactions, clock);
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
    IdempotentExecution idempotentExecution(IdempotencyStore store, Transactions transactions, Clock clock) {
        return new IdempotentExecution(store, transactions, clock);
    }

    @Produces
    @Singleton
    WebhookEndpointsUseCase webhookEndpoints(WebhookRepository webhooks, CompanyRepository companies,
            WebhookTargetPolicy targets, SecureRandom random, Transactions transactions, Clock clock, RecaudoConfig config) {
        return new WebhookEndpointsService(webhooks, companies, targets, () -> StandardWebhookSignature.newSecret(random),
                transactions, clock, config.webhooks().endpointsPerCompanyMax());
    }

    @Produces
    @Singleton
    WebhookDispatchUseCase webhookDispatch(WebhookRepository webhooks, WebhookSender sender, Transactions transactions,
            Clock clock, RecaudoConfig config) {
        RecaudoConfig.WebhooksConfig settings = config.webhooks();
        RetrySchedule schedule = new RetrySchedule(Duration.ofMillis(settings.retryBaseMillis()),
                Duration.ofSeconds(settings.retryCapSeconds()), settings.attemptsMax(), settings.retryJitter());
        LeasedBatches batches = new LeasedBatches(settings.batchSize(), Duration.ofSeconds(settings.leaseSeconds()));
        return new WebhookDispatchService(webhooks, sender, schedule, batches, transactions, clock, Math::random);
    }

    @Produces
    @Singleton
    CallbackDispatchUseCase callbackDispatch(ExternalPaymentCallbacks callbacks, ExternalPaymentSecrets secrets,
            WebhookSender sender, SecureRandom random, Transactions transactions, Clock clock, RecaudoConfig config) {
        return new CallbackDispatchService(callbacks, secrets, () -> StandardWebhookSignature.newSecret(random), sender,
                Duration.ofSeconds(config.callbacks().leaseSeconds()), transactions, clock);
    }

    @Produces
    @Singleton
    CallbackSecretUseCase callbackSecrets(ExternalPaymentSecrets secrets, SecureRandom random, Transactions transactions,
            Clock clock) {
        return new CallbackSecretService(secrets, () -> StandardWebhookSignature.newSecret(random), transactions, clock);
    }

    @Produces
    @Singleton
    CollectionDocumentsUseCase collectionDocuments(CollectionDocumentRepository documents, CustomerRepository customers,
            UpsertCustomerUseCase customerUpserts, PaymentRepository payments, DocumentBook book, Transactions transactions,
            Clock clock) {
        return new CollectionDocumentsService(documents, customers, customerUpserts, payments, book, transactions, clock);
    }

    @Produces
    @Singleton
    VerifiedPaymentsUseCase verifiedPayments(PaymentRepository payments, CollectionDocumentRepository documents,
            CustomerRepository customers, Ledger ledger, DocumentBook book, Transactions transactions, Clock clock) {
        return new VerifiedPaymentsService(payments, documents, customers, ledger, book, transactions, clock);
    }

    @Produces
    @Singleton
    RateLimiter rateLimiter(RateLimitCounterStore store, Clock clock) {
        return new RateLimiter(store, clock);
    }
}
