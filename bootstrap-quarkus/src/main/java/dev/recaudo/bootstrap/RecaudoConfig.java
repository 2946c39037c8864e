package dev.recaudo.bootstrap;

import dev.recaudo.bootstrap.ApiConfig.AdminConfig;
import dev.recaudo.bootstrap.ApiConfig.ApiKeysConfig;
import dev.recaudo.bootstrap.ApiConfig.CheckoutConfig;
import dev.recaudo.bootstrap.ApiConfig.HttpConfig;
import dev.recaudo.bootstrap.ApiConfig.IntegrationsConfig;
import dev.recaudo.bootstrap.ApiConfig.OperatorConfig;
import dev.recaudo.bootstrap.ApiConfig.PagesConfig;
import dev.recaudo.bootstrap.ApiConfig.RateLimitConfig;
import dev.recaudo.bootstrap.ApiConfig.SandboxConfig;
import dev.recaudo.bootstrap.ApiConfig.WhatsAppConfig;
import dev.recaudo.bootstrap.BackgroundConfig.IdempotencyConfig;
import dev.recaudo.bootstrap.BackgroundConfig.InvariantsConfig;
import dev.recaudo.bootstrap.BackgroundConfig.JanitorConfig;
import dev.recaudo.bootstrap.BackgroundConfig.JobsConfig;
import dev.recaudo.bootstrap.BackgroundConfig.MetricsConfig;
import dev.recaudo.bootstrap.BackgroundConfig.PaymentsConfig;
import dev.recaudo.bootstrap.BackgroundConfig.RetentionConfig;
import dev.recaudo.bootstrap.DispatchConfig.CallbacksConfig;
import dev.recaudo.bootstrap.DispatchConfig.WebhooksConfig;
import dev.recaudo.persistence.common.PersistenceSettings;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.webhooks.delivery.DeliverySettings;
import dev.recaudo.bootstrap.crash.CrashPoint;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
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
 * {@link DeliverySettings}); the groups ({@link ApiConfig}, {@link BackgroundConfig}, {@link DispatchConfig} and the
 * database's below) re-declare the view's methods to give them their defaults. The core gets its values as constructor arguments in {@link CoreWiring}. README's
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

    /**
     * Says this is a production deployment: the service then refuses to start without what
     * production needs (a key that seals secrets at rest), instead of falling back to what suits a
     * developer's machine.
     */
    @Override
    @WithDefault("false")
    boolean production();

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

    /** {@code recaudo.bank-statements.*}: the statement import's own body limit. */
    @Override
    BankStatementsConfig bankStatements();

    interface BankStatementsConfig extends RestSettings.BankStatements {
        @Override
        @WithDefault("8388608")
        @Min(1024)
        // The HTTP server's own limit (quarkus.http.limits.max-body-size) must stay above this one.
        @Max(16_000_000)
        long maxBytes();
    }

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

    MetricsConfig metrics();

    @Override
    IdempotencyConfig idempotency();

    @Override
    JanitorConfig janitor();

    @Override
    SecretsConfig secrets();

    RetentionConfig retention();

    @Override
    InvariantsConfig invariants();

    ShutdownConfig shutdown();

    ReconciliationConfig reconciliation();

    /** {@code recaudo.shutdown.*}: stopping on SIGTERM (the HTTP side's bound is {@code quarkus.shutdown.timeout}). */
    interface ShutdownConfig {
        /**
         * How long stopping waits for the webhook and callback attempts already started to end and
         * be recorded; what is still in flight then comes back when its lease runs out.
         */
        @WithDefault("5")
        @Min(0)
        @Max(60)
        int sendsMaxSeconds();
    }

    /** Test-only: halts the process at a chosen step, for the crash tests of the reliability battery. */
    CrashTestConfig crashTest();

    interface CrashTestConfig {
        /** The step to halt at; unset (always, in production) nothing ever halts. */
        Optional<CrashPoint> point();

        /** Halt the how-manyth time the step is reached. */
        @WithDefault("1")
        @Min(1)
        int occurrence();
    }

    interface SecretsConfig extends PersistenceSettings.Secrets {
        /** How often every instance re-seals stored secrets not under the active key: a duration, or {@code off}. */
        @WithDefault("1m")
        @Pattern(regexp = SCHEDULE)
        String resealInterval();

        @Override
        @WithDefault("100")
        @Min(1)
        @Max(10_000)
        int resealBatchSize();

        @Override
        @WithDefault("false")
        boolean refusePlaintext();
    }

    interface DatabaseConfig extends PersistenceSettings.Database {
        @Override
        @WithDefault("true")
        boolean createIfMissing();
    }
}
