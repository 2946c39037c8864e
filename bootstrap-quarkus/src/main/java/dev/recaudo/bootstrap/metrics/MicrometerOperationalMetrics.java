package dev.recaudo.bootstrap.metrics;

import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.persistence.common.JtaTransactions;
import dev.recaudo.rest.common.RateLimitFamily;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The counters, in Micrometer (Prometheus adds {@code _total}). The series an alert looks for are
 * registered at start with 0, so that the first failure is an increase Prometheus can see rather
 * than a series that appears already at 1.
 */
@ApplicationScoped
@Startup
public class MicrometerOperationalMetrics implements OperationalMetrics {

    static final String PAYMENTS = "recaudo.payments";
    static final String WEBHOOK_ATTEMPTS = "recaudo.webhook.attempts";
    static final String RATE_LIMITED = "recaudo.rate.limited";
    static final String TRANSACTION_RETRIES = "recaudo.transaction.retries";
    static final String TRANSACTION_RETRIES_EXHAUSTED = "recaudo.transaction.retries.exhausted";

    @Inject
    MeterRegistry registry;

    @PostConstruct
    void registerAlertedSeries() {
        for (PaymentFamily family : PaymentFamily.values()) {
            payments(PaymentCount.failed(family));
        }
        for (DeliveryChannel channel : DeliveryChannel.values()) {
            for (AttemptResult result : AttemptResult.values()) {
                attempts(channel, result);
            }
        }
        for (RateLimitFamily family : RateLimitFamily.values()) {
            rateLimitRefusals(family.metricName());
        }
        for (JtaTransactions.LockRace race : JtaTransactions.LockRace.values()) {
            retries(race.metricName());
        }
        exhausted();
    }

    @Override
    public void payment(PaymentCount count) {
        payments(count).increment();
    }

    @Override
    public void deliveryAttempt(DeliveryChannel channel, AttemptResult result) {
        attempts(channel, result).increment();
    }

    @Override
    public void rateLimited(String family) {
        rateLimitRefusals(family).increment();
    }

    @Override
    public void transactionRetried(String cause) {
        retries(cause).increment();
    }

    @Override
    public void transactionRetriesExhausted() {
        exhausted().increment();
    }

    private Counter payments(PaymentCount count) {
        return Counter.builder(PAYMENTS)
                .description("Payment requests by how they ended: outcome (applied, partially_applied, credited,"
                        + " needs_certified_rate, no_open_documents, already_processed, rejected, failed) and, when"
                        + " rejected, reason")
                .tag("family", count.family().wireName())
                .tag("outcome", count.outcome())
                .tag("reason", count.reason())
                .register(registry);
    }

    private Counter attempts(DeliveryChannel channel, AttemptResult result) {
        return Counter.builder(WEBHOOK_ATTEMPTS)
                .description("Outbound delivery attempts (lifecycle webhooks, payment callbacks) by result")
                .tag("channel", channel.wireName())
                .tag("result", result.wireName())
                .register(registry);
    }

    private Counter rateLimitRefusals(String family) {
        return Counter.builder(RATE_LIMITED)
                .description("Requests refused with 429 for their rate, by API family")
                .tag("family", family)
                .register(registry);
    }

    private Counter retries(String cause) {
        return Counter.builder(TRANSACTION_RETRIES)
                .description("Transactions run again after losing a lock race, by cause")
                .tag("cause", cause)
                .register(registry);
    }

    private Counter exhausted() {
        return Counter.builder(TRANSACTION_RETRIES_EXHAUSTED)
                .description("Transactions given up after losing every allowed retry (answered 503)")
                .register(registry);
    }
}
