package dev.recaudo.application.fakes;

import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.webhook.AttemptResult;
import java.util.ArrayList;
import java.util.List;

/** Keeps every count in order, so a test can see what a use case counted and when. */
public final class CountingMetrics implements OperationalMetrics {

    /** One outbound attempt as counted. */
    public record Attempt(DeliveryChannel channel, AttemptResult result) {}

    private final List<PaymentCount> payments = new ArrayList<>();
    private final List<Attempt> attempts = new ArrayList<>();

    @Override
    public void payment(PaymentCount count) {
        payments.add(count);
    }

    @Override
    public void deliveryAttempt(DeliveryChannel channel, AttemptResult result) {
        attempts.add(new Attempt(channel, result));
    }

    @Override
    public void rateLimited(String family) {
        throw new UnsupportedOperationException("use cases never refuse for a rate");
    }

    @Override
    public void transactionRetried(String cause) {
        throw new UnsupportedOperationException("fake transactions never retry");
    }

    @Override
    public void transactionRetriesExhausted() {
        throw new UnsupportedOperationException("fake transactions never retry");
    }

    public List<PaymentCount> payments() {
        return List.copyOf(payments);
    }

    public List<Attempt> attempts() {
        return List.copyOf(attempts);
    }
}
