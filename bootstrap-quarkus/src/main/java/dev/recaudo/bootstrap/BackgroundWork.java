package dev.recaudo.bootstrap;

import dev.recaudo.application.card.CardSessionRecoveryUseCase;
import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.externalpayment.ChargeRecoveryUseCase;
import dev.recaudo.application.refund.RefundRecoveryUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.StoreUnavailable;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.jboss.logging.Logger;

/**
 * Triggers the background use cases on every instance. Each run claims its work with leases and
 * SKIP LOCKED, so instances share it and never do the same piece twice at once; a run never
 * overlaps the previous one on the same instance. While the database is out of reach (an outage, a
 * failover, no connection free in time), a run ends with one warning line and the next one tries
 * again: nothing was claimed, or a claim's lease lets it go. Any other failure is the scheduler's
 * to log, with its stack trace. Live and test dispatch run apart, each lane on its own runs, and so
 * does the recovery of direct charges and refunds whose outcome never arrived. From the SIGTERM on
 * no run starts anything more ({@link #stopStarting}), and the sends already started end before the
 * process exits ({@link #stop}).
 */
@ApplicationScoped
public class BackgroundWork {

    private static final Logger LOG = Logger.getLogger(BackgroundWork.class);

    /**
     * Claims per trigger at most. Sends do not wait for their receivers, so a run takes only the
     * claims' time; it claims again while a claim filled up, until the room in flight is taken.
     */
    static final int DISPATCH_BATCHES_PER_RUN_MAX = 10;

    private final WebhookDispatchUseCase webhooks;
    private final BulkAnnulmentUseCase bulkAnnulment;
    private final CallbackDispatchUseCase callbacks;
    private final ChargeRecoveryUseCase chargeRecovery;
    private final RefundRecoveryUseCase refundRecovery;
    private final CardSessionRecoveryUseCase cardSessions;
    private final Duration sendsMax;
    private final Thread signalled = new Thread(this::stopStarting, "recaudo-stop-starting");
    private volatile boolean stopping;

    @Inject
    public BackgroundWork(WebhookDispatchUseCase webhooks, BulkAnnulmentUseCase bulkAnnulment,
            CallbackDispatchUseCase callbacks, ChargeRecoveryUseCase chargeRecovery, RefundRecoveryUseCase refundRecovery,
            CardSessionRecoveryUseCase cardSessions, RecaudoConfig config) {
        this(webhooks, bulkAnnulment, callbacks, chargeRecovery, refundRecovery, cardSessions, Duration.ofSeconds(config.shutdown().sendsMaxSeconds()));
    }

    BackgroundWork(WebhookDispatchUseCase webhooks, BulkAnnulmentUseCase bulkAnnulment, CallbackDispatchUseCase callbacks,
            ChargeRecoveryUseCase chargeRecovery, RefundRecoveryUseCase refundRecovery, CardSessionRecoveryUseCase cardSessions,
            Duration sendsMax) {
        this.sendsMax = sendsMax;
        this.cardSessions = cardSessions;
        this.webhooks = webhooks;
        this.bulkAnnulment = bulkAnnulment;
        this.callbacks = callbacks;
        this.chargeRecovery = chargeRecovery;
        this.refundRecovery = refundRecovery;
    }

    // Each lane has runs of its own, so that a slow claim of test traffic never holds up live traffic.
    @Scheduled(every = "${recaudo.webhooks.dispatch-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void dispatchLiveWebhooks() {
        dispatch("live webhook dispatch", () -> webhooks.dispatchDue(KeyEnvironment.LIVE));
    }

    @Scheduled(every = "${recaudo.webhooks.dispatch-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void dispatchTestWebhooks() {
        dispatch("test webhook dispatch", () -> webhooks.dispatchDue(KeyEnvironment.TEST));
    }

    @Scheduled(every = "${recaudo.callbacks.dispatch-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sendLiveCallbacks() {
        dispatch("live callback dispatch", () -> callbacks.dispatchQueued(KeyEnvironment.LIVE));
    }

    @Scheduled(every = "${recaudo.callbacks.dispatch-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sendTestCallbacks() {
        dispatch("test callback dispatch", () -> callbacks.dispatchQueued(KeyEnvironment.TEST));
    }

    // Two instances may ask about the same payment: only one records the answer, on the locked payment.
    @Scheduled(every = "${recaudo.payments.recovery-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void recoverLiveCharges() {
        whileDatabaseAnswers("live charge recovery", () -> chargeRecovery.recoverUnknownCharges(KeyEnvironment.LIVE));
    }

    @Scheduled(every = "${recaudo.payments.recovery-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void recoverTestCharges() {
        whileDatabaseAnswers("test charge recovery", () -> chargeRecovery.recoverUnknownCharges(KeyEnvironment.TEST));
    }

    // Refunds whose outcome never arrived: asked about under their keys, as charges are.
    @Scheduled(every = "${recaudo.payments.recovery-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void recoverLiveRefunds() {
        whileDatabaseAnswers("live refund recovery", () -> refundRecovery.recoverPendingRefunds(KeyEnvironment.LIVE));
    }

    @Scheduled(every = "${recaudo.payments.recovery-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void recoverTestRefunds() {
        whileDatabaseAnswers("test refund recovery", () -> refundRecovery.recoverPendingRefunds(KeyEnvironment.TEST));
    }

    // Card sessions still open after their age: asked about at the processor, so a lost event loses nothing.
    // Only live checkouts open sessions (test ones are paid by the sandbox).
    @Scheduled(every = "${recaudo.payments.recovery-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void reconcileCardSessions() {
        whileDatabaseAnswers("card session reconciliation", () -> cardSessions.reconcileOpenSessions(KeyEnvironment.LIVE));
    }

    /** Claims again while a claim started something, up to the claims of one run. */
    private void dispatch(String work, IntSupplier claim) {
        whileDatabaseAnswers(work, () -> {
            int claims = 0;
            while (claims < DISPATCH_BATCHES_PER_RUN_MAX && claim.getAsInt() > 0) {
                claims++;
            }
        });
    }

    @Scheduled(every = "${recaudo.jobs.poll-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void runJobs() {
        whileDatabaseAnswers("background jobs", bulkAnnulment::runNext);
    }

    /**
     * On SIGTERM the JVM runs this hook at once, beside Quarkus' own stop, which first keeps serving
     * requests for its delay: background work stops starting anything from the signal on, so the
     * sends are not still beginning when the instance is about to exit ({@link #stopStarting}).
     */
    void onStart(@Observes StartupEvent event) {
        Runtime.getRuntime().addShutdownHook(signalled);
    }

    /**
     * No scheduled run starts anything from now on (a run under way ends its step: a job's batch
     * commits or rolls back, and its lease lets another instance go on), and the dispatchers claim
     * nothing more and hand no place on, so nothing is left leased and never sent.
     */
    void stopStarting() {
        stopping = true;
        webhooks.stopClaiming();
        callbacks.stopClaiming();
    }

    /**
     * At shutdown (Quarkus has served its delay and let the HTTP requests in flight finish): stops
     * starting work if the signal did not already, then waits for the webhook and callback attempts
     * already started, {@code sendsMax} at most, so their outcomes are recorded before the process
     * exits. What is still in flight then comes back when its lease runs out, as after a crash.
     */
    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        try {
            Runtime.getRuntime().removeShutdownHook(signalled);
        } catch (IllegalStateException exiting) {
            // The JVM is exiting: the hook has run, or runs now.
        }
        stopStarting();
        int inFlight = webhooks.awaitIdle(Duration.ZERO) + callbacks.awaitIdle(Duration.ZERO);
        if (inFlight == 0) {
            return;
        }
        LOG.infof("Stopping: %d attempts in flight; waiting for them to end, %s at most", inFlight, sendsMax);
        long deadline = System.nanoTime() + sendsMax.toNanos();
        int webhooksLeft = webhooks.awaitIdle(sendsMax);
        int callbacksLeft = callbacks.awaitIdle(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        if (webhooksLeft + callbacksLeft > 0) {
            LOG.warnf("Stopping with %d webhook and %d callback attempts still in flight after %s: they come back when"
                    + " their leases run out", webhooksLeft, callbacksLeft, sendsMax);
        } else {
            LOG.info("Stopping: the attempts in flight ended and their outcomes are recorded");
        }
    }

    private void whileDatabaseAnswers(String work, Runnable run) {
        if (stopping) {
            return;
        }
        try {
            run.run();
        } catch (StoreUnavailable unavailable) {
            LOG.warnf("%s waits for the database: %s", work, unavailable.getMessage());
        }
    }
}
