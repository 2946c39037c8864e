package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.DispatchLimits;
import dev.recaudo.application.common.InFlight;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.FairShare;
import dev.recaudo.domain.dispatch.PausePolicy;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks.DueCallback;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import dev.recaudo.domain.metrics.DeliveryChannel;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.security.SecretUnavailable;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Sends each queued callback once, many at once. The order of commits is what makes it crash-safe
 * without ever sending twice: a claim marks its callbacks {@code ATTEMPTING} and commits before any
 * request leaves, each result commits after, on the {@code recorder}'s threads as it arrives; a
 * callback is only ever claimed from {@code QUEUED}, so an attempt cut short by a crash is never made
 * again, and its lease running out records it as {@code UNKNOWN}. Claims are fair and capped as the
 * webhooks' are ({@link FairShare}), per company and per origin of that company, across instances. A
 * callback whose origin is paused (the company's callbacks to it kept failing) is recorded as its one
 * attempt, failed, "target paused", and never sent. The payment itself committed before any of this:
 * a receiver that is slow, failing or gone cannot touch it.
 */
public final class CallbackDispatchService implements CallbackDispatchUseCase {

    /** The specification asks receivers to answer within 5 seconds; the attempt waits exactly that. */
    public static final Duration RECEIVER_TIME_LIMIT = Duration.ofSeconds(5);
    /** The error recorded for a callback not sent because its origin is paused. */
    private static final String TARGET_PAUSED = "target paused";

    private static final System.Logger LOG = System.getLogger(CallbackDispatchService.class.getName());

    private final ExternalPaymentCallbacks callbacks;
    private final ExternalPaymentSecrets secrets;
    private final Supplier<String> freshSecret;
    private final WebhookSender sender;
    private final PausePolicy pauses;
    /** The lease must outlast {@link #RECEIVER_TIME_LIMIT} with room to record. */
    private final DispatchLimits limits;
    private final InFlight inFlight;
    private final Transactions transactions;
    private final OperationalMetrics metrics;
    private final Clock clock;
    private final Executor recorder;

    /** @param recorder runs the recording of each result; its threads may block on the database */
    public CallbackDispatchService(ExternalPaymentCallbacks callbacks, ExternalPaymentSecrets secrets,
            Supplier<String> freshSecret, WebhookSender sender, PausePolicy pauses, DispatchLimits limits,
            Transactions transactions, OperationalMetrics metrics, Clock clock, Executor recorder) {
        if (limits.lease().compareTo(RECEIVER_TIME_LIMIT.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("a callback lease must last at least twice the receiver's time limit");
        }
        this.callbacks = callbacks;
        this.secrets = secrets;
        this.freshSecret = freshSecret;
        this.sender = sender;
        this.pauses = pauses;
        this.limits = limits;
        this.inFlight = new InFlight(limits.inFlightMax());
        this.transactions = transactions;
        this.metrics = metrics;
        this.clock = clock;
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
    public int dispatchQueued(KeyEnvironment lane) {
        transactions.inTransaction(() -> callbacks.expireUnanswered(clock.instant()));
        int reserved = inFlight.reserve(lane, limits.claimMax());
        Claimed claimed = new Claimed(List.of(), 0);
        try {
            claimed = claim(lane, reserved);
        } finally {
            inFlight.release(lane, reserved - claimed.due().size());
        }
        for (int i = 0; i < claimed.pausedOnes(); i++) {
            metrics.deliveryAttempt(DeliveryChannel.PAYMENT_CALLBACK, AttemptResult.TARGET_PAUSED);
        }
        Map<CompanyId, Optional<String>> claimSecrets = new HashMap<>();
        claimed.due().forEach(callback -> send(lane, callback, claimSecrets));
        return claimed.due().size() + claimed.pausedOnes();
    }

    /** What one claim took: callbacks to send, and how many it recorded unsent for a paused origin. */
    private record Claimed(List<DueCallback> due, int pausedOnes) {}

    private Claimed claim(KeyEnvironment lane, int room) {
        return transactions.inTransaction(() -> {
            callbacks.serializeClaims(lane);
            Instant now = clock.instant();
            Candidates candidates = callbacks.candidates(lane, now, limits.caps().perTargetMax(), limits.claimMax());
            List<UUID> paused = candidates.due().stream()
                    .filter(candidate -> candidates.targets().get(candidate.target()).health().pausedAt(now))
                    .map(Candidate::id).toList();
            if (!paused.isEmpty()) {
                callbacks.failUnsent(paused, TARGET_PAUSED, now);
            }
            List<UUID> chosen = room > 0 ? FairShare.pick(candidates, limits.caps(), room, now) : List.of();
            return new Claimed(chosen.isEmpty() ? List.of() : callbacks.claim(chosen, now, limits.lease()), paused.size());
        });
    }

    private void send(KeyEnvironment lane, DueCallback callback, Map<CompanyId, Optional<String>> claimSecrets) {
        // Each callback goes to its own payment's origin once: its place returns to the lane, never handed over.
        inFlight.follow(lane, () -> signedAndSent(callback, claimSecrets), outcome -> {
            record(callback, outcome);
            return false;
        }, recorder,
                // Its lease runs out and it is recorded unknown: sent at most once, whatever happened.
                failure -> LOG.log(System.Logger.Level.WARNING, "Callback {0}: its result could not be recorded ({1});"
                        + " it becomes unknown when its lease runs out", callback.id(), failure.toString()));
    }

    /** Signed with its company's secret, read once per claim for all of the company's callbacks in it. */
    private CompletionStage<SendOutcome> signedAndSent(DueCallback callback, Map<CompanyId, Optional<String>> claimSecrets) {
        Optional<String> secret = claimSecrets.computeIfAbsent(callback.scope().companyId(), this::secretOf);
        if (secret.isEmpty()) {
            // Only this company's callback is held back: recorded as a failed attempt that sent
            // nothing (a callback is attempted once), and the run goes on with the others.
            LOG.log(System.Logger.Level.ERROR, "Payment callback {0} not sent: its company''s callback secret cannot be used",
                    callback.id());
            return CompletableFuture.completedFuture(SendOutcome.failed(AttemptResult.NOT_SENT,
                    "not sent: the company's callback secret cannot be used", 0));
        }
        return sender.send(callback.url(), callback.id().toString(), callback.attemptedAt(), callback.body(), secret.get(),
                RECEIVER_TIME_LIMIT);
    }

    /** The company's callback secret, in a transaction of its own (the first use stores it); none when it cannot be used. */
    private Optional<String> secretOf(CompanyId companyId) {
        try {
            return Optional.of(transactions.inTransaction(() -> secrets.current(companyId, freshSecret, clock.instant())));
        } catch (SecretUnavailable unusable) {
            LOG.log(System.Logger.Level.ERROR, "The callback secret of company {0} cannot be used: {1}", companyId.value(),
                    unusable.getMessage());
            return Optional.empty();
        }
    }

    private void record(DueCallback callback, SendOutcome outcome) {
        metrics.deliveryAttempt(DeliveryChannel.PAYMENT_CALLBACK, outcome.result());
        CallbackResult result = outcome.succeeded() ? CallbackResult.DELIVERED : CallbackResult.FAILED;
        transactions.inTransaction(() -> {
            Instant now = clock.instant();
            callbacks.recordResult(callback.id(), result, outcome.statusCode(), outcome.error(), outcome.durationMillis(), now);
            if (outcome.succeeded()) {
                callbacks.storeHealth(callback.scope(), callback.origin(), TargetHealth.HEALTHY, now);
            } else if (outcome.result().tellsOfTarget()) {
                // A request this side never made (its secret unusable, say) says nothing of the target.
                TargetHealth health = callbacks.lockHealth(callback.scope(), callback.origin());
                callbacks.storeHealth(callback.scope(), callback.origin(), pauses.after(health, false, now), now);
            }
            return result;
        });
    }
}
