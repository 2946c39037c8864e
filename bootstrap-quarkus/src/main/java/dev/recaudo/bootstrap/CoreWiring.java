package dev.recaudo.bootstrap;

import dev.recaudo.application.admin.AdminAuthenticationService;
import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationService;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAuthenticationService;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.company.CompanyAdministrationService;
import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.application.customer.CustomerQueries;
import dev.recaudo.application.customer.CustomerQueryService;
import dev.recaudo.application.customer.UpsertCustomerService;
import dev.recaudo.application.customer.UpsertCustomerUseCase;
import dev.recaudo.application.document.DocumentQueries;
import dev.recaudo.application.document.DocumentQueryService;
import dev.recaudo.application.externalpayment.ExternalPaymentQueries;
import dev.recaudo.application.externalpayment.ExternalPaymentQueryService;
import dev.recaudo.application.product.ProductQueries;
import dev.recaudo.application.product.ProductQueryService;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.product.ProductRepository;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
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

    @Produces
    @Singleton
    AdminAuthenticationUseCase adminAuthentication(AdminUserRepository admins, PasswordHasher hasher) {
        return new AdminAuthenticationService(admins, hasher);
    }

    @Produces
    @Singleton
    ApiKeyAdministrationUseCase apiKeyAdministration(
            ApiKeyRepository keys, CompanyRepository companies, Transactions transactions, Clock clock, SecureRandom random) {
        return new ApiKeyAdministrationService(keys, companies, transactions, clock, random);
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
    ExternalPaymentQueries externalPaymentQueries(ExternalPaymentRepository payments) {
        return new ExternalPaymentQueryService(payments);
    }

    @Produces
    @Singleton
    ProductQueries productQueries(ProductRepository products) {
        return new ProductQueryService(products);
    }

    @Produces
    @Singleton
    RateLimiter rateLimiter(RateLimitCounterStore store, Clock clock) {
        return new RateLimiter(store, clock);
    }
}
