package dev.recaudo.bootstrap;

import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.webhooks.delivery.DeliverySettings;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/**
 * The groups of {@link RecaudoConfig} that set outbound delivery: lifecycle webhooks (timeouts,
 * retries, leases, the room in flight and the caps, the pause of a target that keeps failing) and
 * external payment callbacks (their room and caps; they share the webhooks' pause).
 */
public interface DispatchConfig {

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

        /** Deliveries one claim leases at most, per lane (live, test); the room left under in-flight-max bounds it too. */
        @WithDefault("20")
        @Min(1)
        @Max(1000)
        int batchSize();

        /**
         * How long a leased delivery stays with its instance before another may take it: its one
         * attempt and its recording must fit (at least twice connect-timeout-millis + read-timeout-millis).
         */
        @WithDefault("60")
        @Min(30)
        @Max(3600)
        long leaseSeconds();

        /** Attempts one instance keeps in flight at once, per lane: live and test each have this room. */
        @WithDefault("50")
        @Min(1)
        @Max(1000)
        int inFlightMax();

        /** Attempts in flight at once to one endpoint, every instance together. */
        @WithDefault("2")
        @Min(1)
        @Max(100)
        int inFlightPerEndpointMax();

        /** Attempts in flight at once for one company's endpoints of one environment, every instance together. */
        @WithDefault("10")
        @Min(1)
        @Max(1000)
        int inFlightPerCompanyMax();

        /** Failed attempts in a row after which an endpoint, or a company's callback origin, is paused. */
        @WithDefault("5")
        @Min(1)
        @Max(1000)
        int pauseAfterFailures();

        /** The first pause; each further pause in a row lasts twice as long, up to pause-max-seconds. */
        @WithDefault("60")
        @Min(1)
        @Max(86_400)
        long pauseBaseSeconds();

        /** The longest pause. */
        @WithDefault("3600")
        @Min(1)
        @Max(604_800)
        long pauseMaxSeconds();

        /** Threads that record the outcomes of webhook and callback attempts as they arrive, on this instance. */
        @WithDefault("4")
        @Min(1)
        @Max(64)
        int recordingThreads();

        @WithDefault("10")
        @Min(1)
        @Max(100)
        int endpointsPerCompanyMax();

        /** How long a rotated endpoint secret keeps signing next to the new one, when the rotation does not say. */
        @WithDefault("86400")
        @Min(0)
        @Max(EndpointSecrets.OVERLAP_MAX_SECONDS)
        long secretOverlapSeconds();
    }

    /** What every instance polls for and sends: webhook deliveries and external payment callbacks. */
    interface Dispatcher {
        /** How often every instance looks for what is due: a duration ({@code 1s}), or {@code off} on this instance. */
        @WithDefault("1s")
        @Pattern(regexp = RecaudoConfig.SCHEDULE)
        String dispatchInterval();
    }

    /**
     * The callbacks of completed external payments: one attempt each, never retried. A company's
     * origin that keeps failing is paused as endpoints are ({@code recaudo.webhooks.pause-*}).
     */
    interface CallbacksConfig extends Dispatcher {
        /** Callbacks one claim takes at most, per lane; the room left under in-flight-max bounds it too. */
        @WithDefault("20")
        @Min(1)
        @Max(1000)
        int perRunMax();

        /** Callbacks one instance keeps in flight at once, per lane (live, test). */
        @WithDefault("50")
        @Min(1)
        @Max(1000)
        int inFlightMax();

        /** Callbacks in flight at once for one company in one environment, every instance together. */
        @WithDefault("10")
        @Min(1)
        @Max(1000)
        int inFlightPerCompanyMax();

        /** Callbacks in flight at once from one company to one origin (scheme, host and port), every instance together. */
        @WithDefault("2")
        @Min(1)
        @Max(100)
        int inFlightPerOriginMax();

        /**
         * How long an attempt holds its callback; an attempt without a result after this is recorded
         * as unknown. At least twice the receiver's 5-second limit.
         */
        @WithDefault("30")
        @Min(10)
        @Max(3600)
        long leaseSeconds();
    }
}
