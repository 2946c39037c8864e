package dev.recaudo.persistence.common;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.metrics.OperationalMetrics;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Transactions through Narayana. A deadlock or serialization failure is retried here, a bounded
 * number of times with a short random pause, so concurrent requests never see one; the work is
 * run again from the start in a fresh transaction. A call made inside an active transaction joins
 * it and leaves retries to the outermost caller. A failure that will pass (no connection in time,
 * the database out of reach, the race still lost after the retries) leaves as a
 * {@link StoreUnavailable}, so the caller is told to come back rather than that the service failed.
 * Every retry, and every transaction given up after its last one, is counted for the operator.
 * What waits for the end of a transaction ({@link #whenSettled}) is kept per attempt on the thread
 * that runs it, dropped with an attempt that is run again, and run once the last one is over, unless
 * it ended as a {@link StoreUnavailable} (the client sends the request again). A transaction begun
 * with {@code QuarkusTransaction.requiringNew()} inside the work shares the outer one's list.
 * Each outermost transaction is a span ({@code transaction}), with its attempts and each lock race
 * that made it run again, an error when it ends failed.
 */
@ApplicationScoped
public class JtaTransactions implements Transactions {

    private static final Logger LOG = Logger.getLogger(JtaTransactions.class);
    static final int ATTEMPTS_MAX = 8;
    static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("recaudo.transaction.attempts");
    static final AttributeKey<String> RACE = AttributeKey.stringKey("recaudo.transaction.lock_race");

    /** The actions waiting for the end of the outermost transaction this thread runs, if any. */
    private static final ThreadLocal<List<Runnable>> SETTLED = new ThreadLocal<>();

    /** The lock races retried here: their SQLState, and their name in the retry metric. */
    public enum LockRace {
        SERIALIZATION_FAILURE("40001", "serialization_failure"),
        DEADLOCK("40P01", "deadlock");

        private final String sqlState;
        private final String metricName;

        LockRace(String sqlState, String metricName) {
            this.sqlState = sqlState;
            this.metricName = metricName;
        }

        public String metricName() {
            return metricName;
        }
    }

    @Inject
    OperationalMetrics metrics;

    @Inject
    TransactionSynchronizationRegistry synchronizations;

    @Inject
    NativeSql nativeSql;

    @Inject
    Tracer tracer;

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (QuarkusTransaction.isActive()) {
            return work.get();
        }
        Span span = tracer.spanBuilder("transaction").startSpan();
        List<Runnable> settled = new ArrayList<>();
        SETTLED.set(settled);
        boolean over = true;
        try (Scope ignored = span.makeCurrent()) {
            return withRetries(work, settled::clear, span);
        } catch (StoreUnavailable unavailable) {
            // The client is told to send the request again: what it decided is not over yet.
            over = false;
            span.setStatus(StatusCode.ERROR, "store unavailable");
            throw unavailable;
        } catch (RuntimeException failed) {
            span.setStatus(StatusCode.ERROR, failed.getClass().getSimpleName());
            throw failed;
        } finally {
            span.end();
            SETTLED.remove();
            if (over) {
                settled.forEach(JtaTransactions::runQuietly);
            }
        }
    }

    private <T> T withRetries(Supplier<T> work, Runnable beforeRetry, Span span) {
        for (int attempt = 1; ; attempt++) {
            span.setAttribute(ATTEMPTS, attempt);
            try {
                // The work's deferred writes are sent in it: a refused one fails (or retries) it.
                return QuarkusTransaction.requiringNew().call(() -> nativeSql.unitOfWork(work));
            } catch (RuntimeException failure) {
                Optional<LockRace> cause = lockRace(failure);
                if (cause.isEmpty()) {
                    throw unavailableOr(failure);
                }
                if (attempt >= ATTEMPTS_MAX) {
                    metrics.transactionRetriesExhausted();
                    throw unavailableOr(failure);
                }
                LOG.debugf("transaction attempt %d lost a lock race, retrying", attempt);
                span.addEvent("lock race", Attributes.of(RACE, cause.get().metricName()));
                metrics.transactionRetried(cause.get().metricName());
                beforeRetry.run();
                pause(attempt);
            }
        }
    }

    /**
     * In a transaction this class began, the action waits on the thread's list; in one begun
     * elsewhere (never retried here), it follows that transaction's completion, whatever its status.
     */
    @Override
    public void whenSettled(Runnable action) {
        List<Runnable> settled = SETTLED.get();
        if (!QuarkusTransaction.isActive()) {
            action.run();
        } else if (settled != null) {
            settled.add(action);
        } else {
            synchronizations.registerInterposedSynchronization(onCompletion(status -> runQuietly(action)));
        }
    }

    @Override
    public void afterCommit(Runnable action) {
        if (!QuarkusTransaction.isActive()) {
            action.run();
            return;
        }
        synchronizations.registerInterposedSynchronization(onCompletion(status -> {
            if (status == Status.STATUS_COMMITTED) {
                action.run();
            }
        }));
    }

    private static Synchronization onCompletion(IntConsumer completed) {
        return new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                completed.accept(status);
            }
        };
    }

    /** An action after a transaction must not throw; one that does is logged and does not stop the rest. */
    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException failure) {
            LOG.warnf(failure, "an action after a transaction failed");
        }
    }

    /** The lock race a failure reports, if it is one: such a failure is retried. */
    static Optional<LockRace> lockRace(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                for (LockRace race : LockRace.values()) {
                    if (race.sqlState.equals(sql.getSQLState())) {
                        return Optional.of(race);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static RuntimeException unavailableOr(RuntimeException failure) {
        return Unavailability.of("transaction", failure).<RuntimeException>map(unavailable -> unavailable).orElse(failure);
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 10L * attempt + 1));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a transaction", interrupted);
        }
    }
}
