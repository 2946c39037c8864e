package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.e2e.support.LogCapture;
import java.util.UUID;
import java.util.function.IntSupplier;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduled runs while the database is out of reach: each ends with one warning line instead of
 * the scheduler's ERROR and stack trace on every tick, and a failure of another kind still leaves.
 */
class BackgroundWorkTest {

    private final LogCapture log = LogCapture.of(BackgroundWork.class.getName());

    @AfterEach
    void releaseLog() {
        log.close();
    }

    @Test
    void givenDatabaseOutOfReach_whenEachRunTriggers_thenOneWarningEachAndNothingLeaves() {
        BackgroundWork work = work(() -> {
            throw new StoreUnavailable("PgWebhookRepository.claimDue (SQLState 08006)", null);
        });

        work.dispatchWebhooks();
        work.sendCallbacks();
        work.runJobs();

        assertThat(log.lines()).extracting(LogCapture.Line::level).containsExactly(Level.WARNING, Level.WARNING, Level.WARNING);
        assertThat(log.lines()).noneMatch(LogCapture.Line::hasThrowable);
        assertThat(log.lines().get(0).message()).isEqualTo("webhook dispatch waits for the database: "
                + "PgWebhookRepository.claimDue (SQLState 08006)");
    }

    @Test
    void givenAnotherFailure_whenARunTriggers_thenItLeavesForTheScheduler() {
        BackgroundWork work = work(() -> {
            throw new IllegalStateException("a bug");
        });

        assertThatThrownBy(work::dispatchWebhooks).hasMessage("a bug");
        assertThatThrownBy(work::sendCallbacks).hasMessage("a bug");
        assertThatThrownBy(work::runJobs).hasMessage("a bug");
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void givenDueDeliveries_whenDispatching_thenAtMostTheBatchesOfOneRun() {
        int[] batches = {0};
        BackgroundWork work = work(() -> ++batches[0]);

        work.dispatchWebhooks();

        assertThat(batches[0]).isEqualTo(BackgroundWork.DISPATCH_BATCHES_PER_RUN_MAX);
    }

    /** Background work whose every use case answers, or fails, as {@code step} does. */
    private static BackgroundWork work(IntSupplier step) {
        WebhookDispatchUseCase webhooks = step::getAsInt;
        CallbackDispatchUseCase callbacks = step::getAsInt;
        BulkAnnulmentUseCase jobs = new BulkAnnulmentUseCase() {
            @Override
            public UUID enqueue(TenantScope scope, String source) {
                throw new UnsupportedOperationException("not a scheduled run");
            }

            @Override
            public int runNext() {
                return step.getAsInt();
            }
        };
        return new BackgroundWork(webhooks, jobs, callbacks);
    }
}
