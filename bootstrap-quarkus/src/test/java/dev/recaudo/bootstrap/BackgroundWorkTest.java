package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.e2e.support.Latches;
import dev.recaudo.e2e.support.LogCapture;
import io.quarkus.runtime.ShutdownEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;
import java.util.logging.Level;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduled runs while the database is out of reach: each ends with one warning line instead of
 * the scheduler's ERROR and stack trace on every tick, and a failure of another kind still leaves;
 * and the stop at shutdown.
 */
class BackgroundWorkTest {

    private static final Duration SENDS_MAX = Duration.ofSeconds(5);

    private final LogCapture log = LogCapture.of(BackgroundWork.class.getName());

    @AfterEach
    void releaseLog() {
        log.close();
    }

    @Test
    void givenDatabaseOutOfReach_whenEachRunTriggers_thenOneWarningEachAndNothingLeaves() {
        BackgroundWork work = work(() -> {
            throw new StoreUnavailable("PgDeliveryClaims.candidates (SQLState 08006)", null);
        });

        work.dispatchLiveWebhooks();
        work.dispatchTestWebhooks();
        work.sendLiveCallbacks();
        work.sendTestCallbacks();
        work.runJobs();

        assertThat(log.lines()).extracting(LogCapture.Line::level).containsOnly(Level.WARNING).hasSize(5);
        assertThat(log.lines()).noneMatch(LogCapture.Line::hasThrowable);
        assertThat(log.lines().get(0).message()).isEqualTo("live webhook dispatch waits for the database: "
                + "PgDeliveryClaims.candidates (SQLState 08006)");
    }

    @Test
    void givenAnotherFailure_whenARunTriggers_thenItLeavesForTheScheduler() {
        BackgroundWork work = work(() -> {
            throw new IllegalStateException("a bug");
        });

        assertThatThrownBy(work::dispatchLiveWebhooks).hasMessage("a bug");
        assertThatThrownBy(work::sendTestCallbacks).hasMessage("a bug");
        assertThatThrownBy(work::runJobs).hasMessage("a bug");
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void givenDueDeliveries_whenDispatching_thenAtMostTheBatchesOfOneRun() {
        int[] batches = {0};
        BackgroundWork work = work(() -> ++batches[0]);

        work.dispatchLiveWebhooks();

        assertThat(batches[0]).isEqualTo(BackgroundWork.DISPATCH_BATCHES_PER_RUN_MAX);
    }

    /**
     * Issue 21: test traffic must not delay live traffic. A run of the test lane that hangs (its
     * claim waits on a lock, say) leaves the live lane's runs alone, for webhooks and callbacks.
     */
    @Test
    void givenTheTestLanesRunHanging_whenTheLiveLaneRuns_thenItDispatchesMeanwhile() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> dispatched = new CopyOnWriteArrayList<>();
        Dispatcher webhooks = new Dispatcher(lane -> lanes(lane, "webhooks", release, dispatched));
        Dispatcher callbacks = new Dispatcher(lane -> lanes(lane, "callbacks", release, dispatched));
        BackgroundWork work = new BackgroundWork(webhooks, jobs(() -> 0), callbacks, lane -> 0, lane -> 0, lane -> 0, SENDS_MAX);
        CompletableFuture<Void> testWebhooks = CompletableFuture.runAsync(work::dispatchTestWebhooks);
        CompletableFuture<Void> testCallbacks = CompletableFuture.runAsync(work::sendTestCallbacks);

        work.dispatchLiveWebhooks();
        work.sendLiveCallbacks();

        assertThat(dispatched).containsExactly("live webhooks", "live callbacks");
        assertThat(testWebhooks).isNotDone();
        assertThat(testCallbacks).isNotDone();
        release.countDown();
        CompletableFuture.allOf(testWebhooks, testCallbacks).get(10, TimeUnit.SECONDS);
    }

    /** A run of one lane: the test lane's waits for {@code release}; the live lane's is noted. Nothing is due. */
    private static int lanes(KeyEnvironment lane, String channel, CountDownLatch release, List<String> dispatched) {
        if (lane == KeyEnvironment.TEST) {
            Latches.await(release);
        } else {
            dispatched.add(lane.wireName() + " " + channel);
        }
        return 0;
    }

    /**
     * Issue 25: on SIGTERM, no scheduled run starts anything more, both dispatchers stop claiming and
     * are waited for within the bound, and what they still had in flight then is said in one warning.
     */
    @Test
    void givenAttemptsStillInFlight_whenTheInstanceStops_thenNoRunStartsAnythingAndTheStopWaitsWithinItsBound() throws Exception {
        int[] steps = {0};
        Dispatcher webhooks = new Dispatcher(lane -> ++steps[0]).leaving(2);
        Dispatcher callbacks = new Dispatcher(lane -> ++steps[0]);
        BackgroundWork work = new BackgroundWork(webhooks, jobs(() -> ++steps[0]), callbacks, lane -> ++steps[0],
                lane -> ++steps[0], lane -> ++steps[0], SENDS_MAX);

        work.stop(new ShutdownEvent());
        work.dispatchLiveWebhooks();
        work.sendTestCallbacks();
        work.runJobs();
        work.recoverLiveCharges();
        work.recoverTestRefunds();
        work.reconcileCardSessions();

        assertThat(steps[0]).as("steps run after the stop").isZero();
        assertThat(webhooks.stopped).isTrue();
        assertThat(callbacks.stopped).isTrue();
        assertThat(webhooks.waitedFor).as("asked, then waited for").containsExactly(Duration.ZERO, SENDS_MAX);
        assertThat(callbacks.waitedFor).hasSize(2).allSatisfy(wait -> assertThat(wait).isLessThanOrEqualTo(SENDS_MAX));
        assertThat(log.lines()).extracting(LogCapture.Line::level, LogCapture.Line::message).containsExactly(
                Tuple.tuple(Level.INFO, "Stopping: 2 attempts in flight; waiting for them to end, PT5S at most"),
                Tuple.tuple(Level.WARNING, "Stopping with 2 webhook and 0 callback attempts still in flight"
                        + " after PT5S: they come back when their leases run out"));
    }

    @Test
    void givenNothingInFlight_whenTheInstanceStops_thenItStopsClaimingAndDoesNotWait() throws Exception {
        Dispatcher webhooks = new Dispatcher(lane -> 0);
        Dispatcher callbacks = new Dispatcher(lane -> 0);
        BackgroundWork work = new BackgroundWork(webhooks, jobs(() -> 0), callbacks, lane -> 0, lane -> 0, lane -> 0, SENDS_MAX);

        work.stop(new ShutdownEvent());

        assertThat(webhooks.stopped).isTrue();
        assertThat(callbacks.stopped).isTrue();
        assertThat(webhooks.waitedFor).containsExactly(Duration.ZERO);
        assertThat(log.lines()).isEmpty();
    }

    /** Background work whose every use case answers, or fails, as {@code step} does. */
    private static BackgroundWork work(IntSupplier step) {
        return new BackgroundWork(new Dispatcher(lane -> step.getAsInt()), jobs(step), new Dispatcher(lane -> step.getAsInt()),
                lane -> step.getAsInt(), lane -> step.getAsInt(), lane -> step.getAsInt(), SENDS_MAX);
    }

    /** A webhook or callback dispatcher whose runs answer as {@code run} does, and which notes its stop. */
    private static final class Dispatcher implements WebhookDispatchUseCase, CallbackDispatchUseCase {
        private final ToIntFunction<KeyEnvironment> run;
        private final List<Duration> waitedFor = new ArrayList<>();
        private boolean stopped;
        private int left;

        Dispatcher(ToIntFunction<KeyEnvironment> run) {
            this.run = run;
        }

        /** Still {@code attempts} in flight whenever waited for. */
        Dispatcher leaving(int attempts) {
            left = attempts;
            return this;
        }

        @Override
        public int dispatchDue(KeyEnvironment lane) {
            return run.applyAsInt(lane);
        }

        @Override
        public int dispatchQueued(KeyEnvironment lane) {
            return run.applyAsInt(lane);
        }

        @Override
        public void stopClaiming() {
            stopped = true;
        }

        @Override
        public int awaitIdle(Duration within) {
            waitedFor.add(within);
            return left;
        }
    }

    private static BulkAnnulmentUseCase jobs(IntSupplier step) {
        return new BulkAnnulmentUseCase() {
            @Override
            public UUID enqueue(TenantScope scope, String source) {
                throw new UnsupportedOperationException("not a scheduled run");
            }

            @Override
            public int runNext() {
                return step.getAsInt();
            }
        };
    }
}
