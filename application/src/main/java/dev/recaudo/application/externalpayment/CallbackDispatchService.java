package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks.DueCallback;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Sends each queued callback once. The order of commits is what makes it crash-safe without ever
 * sending twice: the {@code ATTEMPTING} mark commits before the request leaves, the result commits
 * after; a callback is only ever claimed from {@code QUEUED}, so an attempt cut short by a crash is
 * never made again, and its lease running out records it as {@code UNKNOWN}. The payment itself
 * committed before any of this: a receiver that is slow, failing or gone cannot touch it.
 */
public final class CallbackDispatchService implements CallbackDispatchUseCase {

    /** The specification asks receivers to answer within 5 seconds; the attempt waits exactly that. */
    public static final Duration RECEIVER_TIME_LIMIT = Duration.ofSeconds(5);

    private final ExternalPaymentCallbacks callbacks;
    private final ExternalPaymentSecrets secrets;
    private final Supplier<String> freshSecret;
    private final WebhookSender sender;
    /** How long an attempt holds its callback; must outlast {@link #RECEIVER_TIME_LIMIT} with room to record. */
    private final Duration lease;
    private final Transactions transactions;
    private final OperationalMetrics metrics;
    private final Clock clock;

    public CallbackDispatchService(ExternalPaymentCallbacks callbacks, ExternalPaymentSecrets secrets,
            Supplier<String> freshSecret, WebhookSender sender, Duration lease, Transactions transactions,
            OperationalMetrics metrics, Clock clock) {
        if (lease.compareTo(RECEIVER_TIME_LIMIT.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("a callback lease must last at least twice the receiver's time limit");
        }
        this.callbacks = callbacks;
        this.secrets = secrets;
        this.freshSecret = freshSecret;
        this.sender = sender;
        this.lease = lease;
        this.transactions = transactions;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public int dispatchQueued(int callbacksMax) {
        transactions.inTransaction(() -> callbacks.expireUnanswered(clock.instant()));
        int attempted = 0;
        while (attempted < callbacksMax) {
            Optional<DueCallback> claimed = transactions.inTransaction(() -> callbacks.claimNext(clock.instant(), lease));
            if (claimed.isEmpty()) {
                break;
            }
            attempt(claimed.get());
            attempted++;
        }
        return attempted;
    }

    private void attempt(DueCallback callback) {
        String secret = transactions.inTransaction(() -> secrets.current(callback.companyId(), freshSecret, clock.instant()));
        SendOutcome outcome = sender.send(callback.url(), callback.id().toString(), callback.attemptedAt(), callback.body(),
                secret, RECEIVER_TIME_LIMIT).toCompletableFuture().join();
        metrics.deliveryAttempt(DeliveryChannel.PAYMENT_CALLBACK, outcome.result());
        CallbackResult result = outcome.succeeded() ? CallbackResult.DELIVERED : CallbackResult.FAILED;
        transactions.inTransaction(() -> {
            callbacks.recordResult(callback.id(), result, outcome.statusCode(), outcome.error(), outcome.durationMillis(),
                    clock.instant());
            return result;
        });
    }
}
