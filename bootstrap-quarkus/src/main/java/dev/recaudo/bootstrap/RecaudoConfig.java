package dev.recaudo.bootstrap;

import dev.recaudo.persistence.common.PersistenceSettings;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.webhooks.delivery.DeliverySettings;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.util.Optional;

/**
 * Every Recaudo setting ({@code recaudo.*}, or the environment variable with the same name in
 * upper case: {@code recaudo.rate-limit.public.limit} is {@code RECAUDO_RATE_LIMIT_PUBLIC_LIMIT}),
 * with its default and its bounds, in one place. A value outside its bounds, or an unknown
 * {@code recaudo.*} property, stops the service at start instead of misbehaving later.
 *
 * <p>Each adapter sees only its own view ({@link RestSettings}, {@link PersistenceSettings},
 * {@link DeliverySettings}); the groups below re-declare the view's methods to give them their
 * defaults. The core gets its values as constructor arguments in {@link CoreWiring}. README's
 * configuration table lists the same settings.
 */
@ConfigMapping(prefix = "recaudo")
public interface RecaudoConfig extends RestSettings, PersistenceSettings, DeliverySettings {

    /** An interval of the scheduler ({@code 500ms}, {@code 2s}, {@code 1m}), or {@code off} to stop the task on an instance. */
    String SCHEDULE = "off|[0-9]+(ms|s|m|h)";

    /** Base of {@code payment_link}, hosted checkout and redirect URLs; never taken from request headers. */
    @WithDefault("http://localhost:8080")
    @NotBlank
    String publicBaseUrl();

    /** On first start against an empty database, create and print a demo company, admin and test keys. */
    @WithDefault("false")
    boolean demoSeed();

    @Override
    OperatorConfig operator();

    @Override
    SandboxConfig sandbox();

    @Override
    DatabaseConfig database();

    @Override
    HttpConfig http();

    @Override
    RateLimitConfig rateLimit();

    @Override
    IntegrationsConfig integrations();

    @Override
    PagesConfig pages();

    @Override
    ApiKeysConfig apiKeys();

    @Override
    AdminConfig admin();

    @Override
    CheckoutConfig checkout();

    @Override
    WhatsAppConfig whatsapp();

    @Override
    WebhooksConfig webhooks();

    JobsConfig jobs();

    CallbacksConfig callbacks();

    PaymentsConfig payments();

    @Override
    IdempotencyConfig idempotency();

    @Override
    JanitorConfig janitor();

    interface OperatorConfig extends RestSettings.Operator {
        @Override
        Optional<String> token();
    }

    interface SandboxConfig extends RestSettings.Sandbox {
        @Override
        @WithDefault("true")
        boolean enabled();
    }

    interface DatabaseConfig extends PersistenceSettings.Database {
        @Override
        @WithDefault("true")
        boolean createIfMissing();
    }

    interface HttpConfig extends RestSettings.Http {
        @Override
        @WithDefault("1048576")
        @Min(1024)
        // The HTTP server's own limit (quarkus.http.limits.max-body-size) must stay above this one.
        @Max(2_000_000)
        long bodyBytesMax();
    }

    interface RateLimitConfig extends RestSettings.RateLimit {
        /** {@code recaudo.rate-limit.public.*}: per key, method and route template. */
        @Override
        @WithName("public")
        PublicWindow publicApi();

        /** {@code recaudo.rate-limit.integrations.per-minute}: per key, the whole family. */
        @Override
        IntegrationsRate integrations();

        /** {@code recaudo.rate-limit.verified-payments.per-minute}: per key, on top of the family's limit. */
        @Override
        VerifiedPaymentsRate verifiedPayments();

        interface PublicWindow extends RestSettings.Window {
            @Override
            @WithDefault("300")
            @Min(1)
            int limit();

            @Override
            @WithDefault("60")
            @Min(1)
            @Max(86_400)
            long windowSeconds();
        }

        interface IntegrationsRate extends RestSettings.PerMinute {
            @Override
            @WithDefault("600")
            @Min(1)
            int perMinute();
        }

        interface VerifiedPaymentsRate extends RestSettings.PerMinute {
            @Override
            @WithDefault("60")
            @Min(1)
            int perMinute();
        }
    }

    interface IntegrationsConfig extends RestSettings.Integrations {
        @Override
        @WithDefault("300")
        @Min(1)
        @Max(3600)
        long signatureToleranceSeconds();

        /** Documents one verified payment or certified rate may list. */
        @Override
        @WithDefault("100")
        @Min(1)
        @Max(1000)
        int documentsPerPaymentMax();

        /** Lines of one collection document. */
        @Override
        @WithDefault("500")
        @Min(1)
        @Max(5000)
        int linesPerDocumentMax();
    }

    interface PagesConfig extends RestSettings.Pages {
        /** {@code per_page} of {@code GET /v1/invoices}. */
        @Override
        PublicInvoicesPage publicInvoices();

        /** {@code limit} of the integrations lists (customers, collection documents, payments). */
        @Override
        ListPage integrations();

        /** {@code limit} of {@code GET /external/payments}. */
        @Override
        ListPage externalPayments();

        /** Every list shares the bound on its page size; each list sets it on its own. */
        interface BoundedPage extends RestSettings.PageSize {
            @Override
            @WithDefault("100")
            @Min(1)
            @Max(1000)
            int max();
        }

        interface PublicInvoicesPage extends BoundedPage {
            @Override
            @WithDefault("15")
            @Min(1)
            int defaultSize();
        }

        /** The integrations and external payments lists share their defaults; each is set on its own. */
        interface ListPage extends BoundedPage {
            @Override
            @WithDefault("20")
            @Min(1)
            int defaultSize();
        }
    }

    interface ApiKeysConfig extends RestSettings.ApiKeys {
        /** Active keys per company; counted under a row lock, so it holds across instances. */
        @Override
        @WithDefault("5")
        @Min(1)
        @Max(1000)
        int activeMax();

        /** {@code rateLimitRpm} of a key created without one. */
        @Override
        @WithDefault("60")
        @Min(1)
        @Max(100_000)
        int rpmDefault();

        /** The largest {@code rateLimitRpm} a key may have; the database CHECK caps it at 100000. */
        @Override
        @WithDefault("100000")
        @Min(1)
        @Max(100_000)
        int rpmMax();
    }

    interface AdminConfig extends RestSettings.Admin {
        /** bcrypt cost of administrator passwords. */
        @Override
        @WithDefault("12")
        @Min(4)
        @Max(31)
        int passwordHashCost();

        @Override
        @WithDefault("3600")
        @Min(60)
        @Max(86_400)
        long tokenLifetimeSeconds();

        /** Login attempts per e-mail address and minute, against password guessing. */
        @Override
        @WithDefault("10")
        @Min(1)
        int loginAttemptsPerMinute();
    }

    /** The WhatsApp Cloud API webhook's secrets; both unset by default (ingestion refused, warned at start). */
    interface WhatsAppConfig extends RestSettings.WhatsApp {}

    interface CheckoutConfig extends RestSettings.Checkout {
        /** Lifetime of checkout helper access tokens. */
        @Override
        @WithDefault("900")
        @Min(60)
        @Max(86_400)
        long tokenLifetimeSeconds();
    }

    interface WebhooksConfig extends DeliverySettings.Webhooks, Dispatcher {
        @Override
        @WithDefault("false")
        boolean allowPrivateTargets();

        @Override
        @WithDefault("5000")
        @Min(100)
        @Max(60_000)
        long connectTimeoutMillis();

        @Override
        @WithDefault("10000")
        @Min(100)
        @Max(120_000)
        long readTimeoutMillis();

        /** Wait before the first retry; each further retry waits three times longer. */
        @WithDefault("10000")
        @Min(1)
        long retryBaseMillis();

        /** The longest wait between two attempts. */
        @WithDefault("21600")
        @Min(1)
        long retryCapSeconds();

        /** Each wait is moved at random by up to this fraction either way, so retries do not arrive in step. */
        @WithDefault("0.2")
        @DecimalMin("0")
        @DecimalMax("0.5")
        double retryJitter();

        /** Failed attempts after which a delivery is dead (until redelivered). */
        @WithDefault("8")
        @Min(1)
        @Max(50)
        int attemptsMax();

        /** Deliveries one instance leases at a time. */
        @WithDefault("20")
        @Min(1)
        @Max(1000)
        int batchSize();

        /** How long a leased delivery stays with its instance before another may take it. */
        @WithDefault("300")
        @Min(30)
        long leaseSeconds();

        @WithDefault("10")
        @Min(1)
        @Max(100)
        int endpointsPerCompanyMax();
    }

    /** What every instance polls for and sends: webhook deliveries and external payment callbacks. */
    interface Dispatcher {
        /** How often every instance looks for what is due: a duration ({@code 1s}), or {@code off} on this instance. */
        @WithDefault("1s")
        @Pattern(regexp = SCHEDULE)
        String dispatchInterval();
    }

    /** The callbacks of completed external payments: one attempt each, never retried. */
    interface CallbacksConfig extends Dispatcher {
        /** Callbacks one instance attempts per run, one after another. */
        @WithDefault("20")
        @Min(1)
        @Max(1000)
        int perRunMax();

        /**
         * How long an attempt holds its callback; an attempt without a result after this is recorded
         * as unknown. At least twice the receiver's 5-second limit.
         */
        @WithDefault("30")
        @Min(10)
        @Max(3600)
        long leaseSeconds();
    }

    interface PaymentsConfig {
        /**
         * The processor that charges live external payments. Only {@code none} exists: live hosted
         * and direct creation answer 503 (test keys always use the sandbox processor).
         */
        @WithDefault("none")
        @Pattern(regexp = "none")
        String processor();
    }

    interface JobsConfig {
        /** How often every instance looks for a pending job: a duration ({@code 2s}), or {@code off} on this instance. */
        @WithDefault("2s")
        @Pattern(regexp = SCHEDULE)
        String pollInterval();

        /** Documents a bulk annulment handles per transaction. */
        @WithDefault("100")
        @Min(1)
        @Max(10_000)
        int batchSize();

        /** How long a job stays with the instance running it without a renewal. */
        @WithDefault("300")
        @Min(10)
        long leaseSeconds();
    }

    interface IdempotencyConfig extends PersistenceSettings.Idempotency {
        @Override
        @WithDefault("10000")
        @Min(1)
        @Max(60_000)
        long waitMillis();

        /** Days an idempotency record is kept; a key reused after that is a new request. */
        @Override
        @WithDefault("30")
        @Min(1)
        int retentionDays();
    }

    interface JanitorConfig extends PersistenceSettings.Janitor {
        @Override
        @WithDefault("5000")
        @Min(1)
        @Max(100_000)
        int batchSize();

        @Override
        @WithDefault("20")
        @Min(1)
        int batchesPerRunMax();
    }
}
