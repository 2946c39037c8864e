package dev.recaudo.bootstrap;

import dev.recaudo.rest.common.RestSettings;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.Optional;

/**
 * The groups of {@link RecaudoConfig} that set the HTTP APIs: the operator and sandbox, the HTTP
 * edge, rate limits, the integrations, page sizes, API keys, administration, WhatsApp and the
 * checkout helper. Each re-declares its {@code RestSettings} view's methods with their defaults.
 */
public interface ApiConfig {

    interface OperatorConfig extends RestSettings.Operator {
        @Override
        Optional<String> token();
    }
    interface SandboxConfig extends RestSettings.Sandbox {
        @Override
        @WithDefault("true")
        boolean enabled();
    }
    interface HttpConfig extends RestSettings.Http {
        @Override
        @WithDefault("1048576")
        @Min(1024)
        // The HTTP server's own limit (quarkus.http.limits.max-body-size) must stay above this one.
        @Max(2_000_000)
        long bodyBytesMax();

        @Override
        @WithDefault("262144")
        @Min(1024)
        // At most the body limit, which bounds every read first (checked at start, ConfigurationChecks).
        @Max(2_000_000)
        long processorEventBytesMax();
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

        /**
         * Failed logins per e-mail address and client address, per minute, against password
         * guessing; successful logins are not counted.
         */
        @Override
        @WithDefault("10")
        @Min(1)
        @Max(10_000)
        int loginAttemptsPerMinute();

        /** Failed logins per client address, whatever the e-mail address, per minute. */
        @Override
        @WithDefault("30")
        @Min(1)
        @Max(100_000)
        int loginFailuresPerAddressPerMinute();

        /**
         * Failed logins per e-mail address from every client address together, per minute: a
         * ceiling above what one address may try, so that only an attack from many addresses
         * reaches it.
         */
        @Override
        @WithDefault("100")
        @Min(2)
        @Max(100_000)
        int loginFailuresPerEmailPerMinute();

        /**
         * Minutes a console session lasts unused (docs/console.md); whatever its use, it lasts at
         * most {@link #tokenLifetimeSeconds()}, as an administrator's token does.
         */
        @WithDefault("15")
        @Min(1)
        @Max(60)
        int consoleIdleMinutes();
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
}
