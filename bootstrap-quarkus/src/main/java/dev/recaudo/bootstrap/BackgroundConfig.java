package dev.recaudo.bootstrap;

import dev.recaudo.persistence.common.PersistenceSettings;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/**
 * The groups of {@link RecaudoConfig} that set the service's background work and its processors:
 * the live payment processor, jobs, idempotency records, the janitor and the retention it applies,
 * the backlog gauges, and the scheduled check of the ledger invariants. Webhook and callback
 * delivery have theirs in {@link DispatchConfig}.
 */
public interface BackgroundConfig {

    interface PaymentsConfig {
        /**
         * How often every instance asks the processors about direct payments whose charge has an
         * unknown outcome: a duration ({@code 30s}), or {@code off} on this instance.
         */
        @WithDefault("30s")
        @Pattern(regexp = RecaudoConfig.SCHEDULE)
        String recoveryInterval();

        /**
         * Seconds a direct payment stays pending before the recovery asks the processor about its
         * charge, and between two questions about one that stays pending. Longer than any charge
         * takes to be answered, so that the question never comes before the charge reaches the processor.
         */
        @WithDefault("120")
        @Min(1)
        @Max(86_400)
        int unknownAfterSeconds();

        /**
         * Seconds a card session stays open before the reconciliation (every {@code recovery-interval})
         * asks the processor about it, and between two questions about one still open: a lost
         * completion event is found within this age plus the interval.
         */
        @WithDefault("600")
        @Min(1)
        @Max(86_400)
        int cardSessionAgeSeconds();

        /** {@code recaudo.payments.stripe}: how the Stripe rail reaches Stripe's API. */
        StripeConfig stripe();
    }

    /** The Stripe rail's client; each company's keys are its own ({@code PUT /companies/{companyId}/payment-rails/stripe}). */
    interface StripeConfig {
        /** Stripe's API; another base only for a protocol double in tests or an egress proxy that forwards to Stripe. */
        @WithDefault("https://api.stripe.com")
        @Pattern(regexp = "https?://[^\\s]{1,200}")
        String apiBase();

        @WithDefault("5000")
        @Min(100)
        @Max(60_000)
        int connectTimeoutMillis();

        /** Longer than Stripe takes to answer a charge; a charge not answered in time is asked about later, never sent anew. */
        @WithDefault("30000")
        @Min(100)
        @Max(120_000)
        int readTimeoutMillis();

        /** The SDK's own retries of a failed call, each under the same idempotency key. */
        @WithDefault("2")
        @Min(0)
        @Max(5)
        int maxNetworkRetries();
    }

    /** The operator's gauges that are read from the database. */
    interface MetricsConfig {
        /**
         * How often every instance reads the delivery backlog (dead deliveries, oldest due
         * delivery and callback) for its gauges: a duration ({@code 15s}), or {@code off} on this instance.
         */
        @WithDefault("15s")
        @Pattern(regexp = RecaudoConfig.SCHEDULE)
        String backlogInterval();
    }

    interface JobsConfig {
        /** How often every instance looks for a pending job: a duration ({@code 2s}), or {@code off} on this instance. */
        @WithDefault("2s")
        @Pattern(regexp = RecaudoConfig.SCHEDULE)
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

        /**
         * Days an idempotency record is kept; a key reused after that is a new request. At least a
         * day: a record also holds its request's signature, refused again only while it is kept, and
         * must outlast the signature window (at most an hour).
         */
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

    /**
     * Days each kind of record is kept; the janitor deletes older ones in its batches. 0 keeps the
     * kind forever. Idempotency records have theirs in {@code recaudo.idempotency.retention-days}.
     */
    interface RetentionConfig extends PersistenceSettings.Retention {
        /** Finished (succeeded or dead) webhook deliveries with their attempts, and events left with no delivery. */
        @Override
        @WithDefault("90")
        @Min(0)
        int webhookDeliveriesDays();

        /** WhatsApp statuses; summaries stop counting them as they go. */
        @Override
        @WithDefault("90")
        @Min(0)
        int whatsappEventsDays();

        /** Audit records of integrations writes (and any other audited action). */
        @Override
        @WithDefault("400")
        @Min(0)
        int auditRecordsDays();
    }

    interface InvariantsConfig extends PersistenceSettings.Invariants {
        /** How often an instance checks I1-I5 over the whole store: a duration ({@code 15m}), or {@code off} on this instance. */
        @WithDefault("15m")
        @Pattern(regexp = RecaudoConfig.SCHEDULE)
        String checkInterval();

        @Override
        @WithDefault("300")
        @Min(1)
        @Max(3600)
        int timeoutSeconds();
    }
}
