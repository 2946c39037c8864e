package dev.recaudo.application.webhook;

import dev.recaudo.application.common.LeasedBatches;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookRepository;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * Sends due deliveries. A batch is leased in a short transaction (so no other instance takes the
 * same rows), sent with no transaction open, and each attempt is recorded in a transaction of its
 * own. A lease that outlives a crashed instance expires and the delivery becomes due again; an
 * attempt is recorded only while its claim's lease token is still the delivery's, so a send slower
 * than the lease, whose delivery another instance took over, is not counted twice.
 */
public final class WebhookDispatchService implements WebhookDispatchUseCase {

    private static final System.Logger LOG = System.getLogger(WebhookDispatchService.class.getName());

    private final WebhookRepository webhooks;
    private final WebhookSender sender;
    private final RetrySchedule schedule;
    /** The lease must outlast the sender's worst case (connect plus read timeouts) for a whole batch. */
    private final LeasedBatches batches;
    private final Transactions transactions;
    private final OperationalMetrics metrics;
    private final Clock clock;
    private final DoubleSupplier random;

    public WebhookDispatchService(
            WebhookRepository webhooks,
            WebhookSender sender,
            RetrySchedule schedule,
            LeasedBatches batches,
            Transactions transactions,
            OperationalMetrics metrics,
            Clock clock,
            DoubleSupplier random) {
        this.webhooks = webhooks;
        this.sender = sender;
        this.schedule = schedule;
        this.batches = batches;
        this.transactions = transactions;
        this.metrics = metrics;
        this.clock = clock;
        this.random = random;
    }

    @Override
    public int dispatchDue() {
        List<DueDelivery> due = transactions.inTransaction(() -> webhooks.claimDue(clock.instant(), batches.lease(), batches.batchSize()));
        for (DueDelivery delivery : due) {
            Instant attemptedAt = clock.instant();
            SendOutcome outcome = sender.send(
                    delivery.url(), delivery.eventId().toString(), attemptedAt, delivery.body(),
                    delivery.secrets().signingAt(attemptedAt));
            // Counted whether or not it can still be recorded below: the request went out (or was refused) either way.
            metrics.deliveryAttempt(DeliveryChannel.INVOICE_WEBHOOK, outcome.result());
            int attempts = delivery.attemptsSoFar() + 1;
            DeliveryStatus status;
            Optional<Instant> next;
            if (outcome.succeeded()) {
                status = DeliveryStatus.SUCCEEDED;
                next = Optional.empty();
            } else {
                next = schedule.delayAfter(attempts, random).map(clock.instant()::plus);
                status = next.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.DEAD;
            }
            DeliveryAttempt attempt =
                    new DeliveryAttempt(attemptedAt, outcome.durationMillis(), outcome.statusCode(), outcome.error());
            DeliveryStatus recorded = status;
            LeaseState lease = transactions.inTransaction(() -> webhooks.recordAttempt(delivery, attempt, recorded, next));
            if (lease == LeaseState.LOST) {
                // The send outlasted the lease and another instance claimed the delivery: its attempt counts, not this one.
                LOG.log(System.Logger.Level.WARNING, "Webhook delivery {0}: the lease ran out during the attempt and"
                        + " another instance holds the delivery now; this attempt ({1}) is not recorded",
                        delivery.deliveryId(), outcome.statusCode().map(String::valueOf).orElse("no answer"));
            }
        }
        return due.size();
    }
}
