package dev.recaudo.application.webhook;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.common.InFlight;
import dev.recaudo.application.common.LaneRuns;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.FairShare;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.webhook.DeliveryAttempt;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.domain.webhook.DeliveryClaims.HandOver;
import dev.recaudo.domain.webhook.DeliveryClaims.Recording;
import dev.recaudo.domain.webhook.DeliveryStatus;
import dev.recaudo.domain.webhook.DueDelivery;
import dev.recaudo.domain.webhook.RetrySchedule;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;

/**
 * Sends due deliveries, many at once. A claim, per lane, takes as many as the lane's room on this
 * instance allows, chosen fairly ({@link FairShare}) under the caps per endpoint and per company,
 * which hold across instances because claims of a lane take turns; it leases them in a short
 * transaction and returns. Each send then runs on its own, asynchronously, and its outcome is
 * recorded in a transaction of its own as it completes, on the {@code recorder}'s threads, never on
 * the HTTP client's. An attempt is recorded only while its claim's lease token is still the
 * delivery's, so a send slower than the lease, whose delivery another instance took over, is not
 * counted twice. Each outcome of a request that was made also updates the endpoint's health: an
 * endpoint that keeps failing is paused ({@link PausePolicy}), and its deliveries wait, pending, until
 * a probe succeeds; an attempt this side never made (nothing sent) leaves the health as it was.
 */
public final class WebhookDispatchService implements WebhookDispatchUseCase {

    private static final System.Logger LOG = System.getLogger(WebhookDispatchService.class.getName());

    private final DeliveryClaims claims;
    private final WebhookSender sender;
    private final RetrySchedule schedule;
    private final PausePolicy pauses;
    private final DispatchLimits limits;
    private final InFlight inFlight;
    private final LaneRuns runs = new LaneRuns();
    private final Transactions transactions;
    private final OperationalMetrics metrics;
    private final Clock clock;
    private final DoubleSupplier random;
    private final Executor recorder;

    /** @param recorder runs the recording of each outcome; its threads may block on the database */
    public WebhookDispatchService(DeliveryClaims claims, WebhookSender sender, RetrySchedule schedule, PausePolicy pauses,
            DispatchLimits limits, Transactions transactions, OperationalMetrics metrics, Clock clock, DoubleSupplier random,
            Executor recorder) {
        this.claims = claims;
        this.sender = sender;
        this.schedule = schedule;
        this.pauses = pauses;
        this.limits = limits;
        // An attempt that ends leaves room: the lane claims into it at once rather than at its next
        // scheduled run, so a backlog drains as fast as the caps allow (docs/performance.md).
        this.inFlight = new InFlight(limits.inFlightMax(), this::claimIntoRoom);
        this.transactions = transactions;
        this.metrics = metrics;
        this.clock = clock;
        this.random = random;
        this.recorder = recorder;
    }

    @Override
    public void stopClaiming() {
        inFlight.close();
    }

    @Override
    public int awaitIdle(Duration within) throws InterruptedException {
        return inFlight.awaitIdle(within);
    }

    @Override
    public int dispatchDue(KeyEnvironment lane) {
        return runs.run(lane, () -> claimOnce(lane));
    }

    private void claimIntoRoom(KeyEnvironment lane) {
        try {
            dispatchDue(lane);
        } catch (RuntimeException failure) {
            // The lane's next scheduled run claims what this one could not.
            LOG.log(System.Logger.Level.DEBUG, "Claim after an attempt ended failed: {0}", failure.toString());
        }
    }

    private int claimOnce(KeyEnvironment lane) {
        int reserved = inFlight.reserve(lane, limits.claimMax());
        if (reserved == 0) {
            return 0;
        }
        List<DueDelivery> claimed = List.of();
        try {
            claimed = claim(lane, reserved);
        } finally {
            inFlight.release(lane, reserved - claimed.size());
        }
        claimed.forEach(delivery -> send(lane, delivery));
        return claimed.size();
    }

    private List<DueDelivery> claim(KeyEnvironment lane, int room) {
        return transactions.inTransaction(() -> {
            claims.serializeClaims(lane);
            Instant now = clock.instant();
            Candidates candidates = claims.candidates(lane, now, limits.caps().perTargetMax());
            List<UUID> chosen = FairShare.pick(candidates, limits.caps(), room, now);
            return chosen.isEmpty() ? List.<DueDelivery>of() : claims.lease(chosen, now, limits.lease());
        });
    }

    private void send(KeyEnvironment lane, DueDelivery delivery) {
        Instant attemptedAt = clock.instant();
        inFlight.follow(lane, () -> sender.send(delivery.url(), delivery.eventId().toString(), attemptedAt, delivery.body(),
                        delivery.secrets().signingAt(attemptedAt)),
                outcome -> record(lane, delivery, attemptedAt, outcome), recorder,
                // The lease runs out and the delivery is due again: a database out of reach delays it, nothing more.
                failure -> LOG.log(System.Logger.Level.WARNING, "Webhook delivery {0}: the attempt could not be recorded ({1});"
                        + " it is due again when its lease runs out", delivery.deliveryId(), failure.toString()));
    }

    /**
     * Records the outcome; after a success, while the lane has room on this instance (so no other
     * endpoint's delivery waits for this place), the same round trip leases the endpoint's next
     * delivery, which goes out at once in this attempt's place: a backlog drains without a claim
     * per attempt (docs/performance.md, "Webhook drain"). Answers whether the place was handed over.
     */
    private boolean record(KeyEnvironment lane, DueDelivery delivery, Instant attemptedAt, SendOutcome outcome) {
        // Counted whether or not it can still be recorded below: the request went out (or was refused) either way.
        metrics.deliveryAttempt(DeliveryChannel.INVOICE_WEBHOOK, outcome.result());
        Instant now = clock.instant();
        int attempts = delivery.attemptsSoFar() + 1;
        Optional<Instant> next = outcome.succeeded() ? Optional.empty() : schedule.delayAfter(attempts, random).map(now::plus);
        DeliveryStatus status = outcome.succeeded() ? DeliveryStatus.SUCCEEDED
                : next.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.DEAD;
        DeliveryAttempt attempt = new DeliveryAttempt(attemptedAt, outcome.durationMillis(), outcome.statusCode(), outcome.error());
        DueDelivery.Endpoint endpoint = delivery.endpoint();
        // Not from an attempt whose lease ran out before its success: it counted as in flight for no claim
        // any more, and a place handed on from it would be one more than the caps allow (the recording
        // checks again when it hands the place on, after its waits).
        Optional<HandOver> handOver = outcome.succeeded() && inFlight.room(lane) > 0 && delivery.leasedAt(now)
                ? Optional.of(new HandOver(limits.lease(), limits.caps().perCompanyMax())) : Optional.empty();
        Recorded recorded = transactions.inTransaction(() -> {
            Recording recording = claims.record(delivery, attempt, status, next, now, handOver);
            if (recording.lease() == LeaseState.LOST || recording.health().isEmpty()) {
                return new Recorded(recording.lease(), recording.health().isPresent(), Optional.<DueDelivery>empty());
            }
            TargetHealth health = recording.health().get();
            if (outcome.result().tellsOfTarget()) {
                TargetHealth after = pauses.after(health, outcome.succeeded(), now);
                if (!after.equals(health)) {
                    claims.storeHealth(endpoint.companyId(), endpoint.id(), after);
                }
            }
            return new Recorded(LeaseState.HELD, true, recording.next());
        });
        recorded.next().ifPresent(following -> send(lane, following));
        if (recorded.lease() == LeaseState.LOST) {
            String answer = outcome.statusCode().map(String::valueOf).orElse("no answer");
            if (recorded.endpointKept()) {
                // The send outlasted the lease and another instance claimed the delivery: its attempt counts, not this one.
                LOG.log(System.Logger.Level.WARNING, "Webhook delivery {0}: the lease ran out during the attempt and"
                        + " another instance holds the delivery now; this attempt ({1}) is not recorded",
                        delivery.deliveryId(), answer);
            } else {
                // Removing the endpoint ended its pending deliveries, this one with them.
                LOG.log(System.Logger.Level.WARNING, "Webhook delivery {0}: its endpoint was removed during the attempt;"
                        + " this attempt ({1}) is not recorded", delivery.deliveryId(), answer);
            }
        }
        return recorded.next().isPresent();
    }

    /**
     * How recording an attempt went: whether the claim still held, whether the endpoint was still
     * there, and the endpoint's next delivery when the attempt's place was handed over to it.
     */
    private record Recorded(LeaseState lease, boolean endpointKept, Optional<DueDelivery> next) {}
}
