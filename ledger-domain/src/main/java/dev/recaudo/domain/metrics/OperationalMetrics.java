package dev.recaudo.domain.metrics;

import dev.recaudo.domain.webhook.AttemptResult;

/**
 * Port: counts of what happened, for an operator's alerts. Implementations keep them in memory and
 * never throw or block: a count is taken on request paths, some of which (a refused request) must
 * cost no statement at all.
 */
public interface OperationalMetrics {

    /** A request about a payment ended with this outcome. */
    void payment(PaymentCount count);

    /** One outbound delivery attempt was made on this channel and ended so. */
    void deliveryAttempt(DeliveryChannel channel, AttemptResult result);

    /**
     * A request was refused for its rate; {@code family} is one of a closed set of API family names
     * the caller defines (never a key, a company or a path).
     */
    void rateLimited(String family);

    /** A transaction lost a lock race ({@code cause}: a closed set of names) and is run again from the start. */
    void transactionRetried(String cause);

    /** A transaction lost its lock races as many times as it may and was given up. */
    void transactionRetriesExhausted();
}
