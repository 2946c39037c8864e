package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.CallbackDispatchUseCase;
import dev.recaudo.application.invoice.BulkAnnulmentUseCase;
import dev.recaudo.application.webhook.WebhookDispatchUseCase;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.TenantScope;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduled runs while the database is out of reach: each ends with one warning line instead of
 * the scheduler's ERROR and stack trace on every tick, and a failure of another kind still leaves.
 */
class BackgroundWorkTest {

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(BackgroundWork.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureLog() {
        logger.addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        logger.removeHandler(capture);
    }

    @Test
    void givenDatabaseOutOfReach_whenEachRunTriggers_thenOneWarningEachAndNothingLeaves() {
        BackgroundWork work = work(() -> {
            throw new StoreUnavailable("PgWebhookRepository.claimDue (SQLState 08006)", null);
        });

        work.dispatchWebhooks();
        work.sendCallbacks();
        work.runJobs();

        assertThat(records).extracting(LogRecord::getLevel).containsExactly(Level.WARNING, Level.WARNING, Level.WARNING);
        assertThat(records).allSatisfy(record -> assertThat(record.getThrown()).isNull());
        assertThat(records.get(0).getMessage()).isEqualTo("webhook dispatch waits for the database: "
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
        assertThat(records).isEmpty();
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
        CallbackDispatchUseCase callbacks = callbacksMax -> step.getAsInt();
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
        return new BackgroundWork(webhooks, jobs, callbacks, RecaudoConfigTest.config(Map.of()));
    }
}
