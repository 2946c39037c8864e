package dev.recaudo.persistence.common;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.StoreUnavailable;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Transactions through Narayana. A deadlock or serialization failure is retried here, a bounded
 * number of times with a short random pause, so concurrent requests never see one; the work is
 * run again from the start in a fresh transaction. A call made inside an active transaction joins
 * it and leaves retries to the outermost caller. A failure that will pass (no connection in time,
 * the database out of reach, the race still lost after the retries) leaves as a
 * {@link StoreUnavailable}, so the caller is told to come back rather than that the service failed.
 */
@ApplicationScoped
public class JtaTransactions implements Transactions {

    private static final Logger LOG = Logger.getLogger(JtaTransactions.class);
    static final int ATTEMPTS_MAX = 8;
    private static final String SERIALIZATION_FAILURE = "40001";
    private static final String DEADLOCK_DETECTED = "40P01";

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (QuarkusTransaction.isActive()) {
            return work.get();
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return QuarkusTransaction.requiringNew().call(work::get);
            } catch (RuntimeException failure) {
                if (attempt >= ATTEMPTS_MAX || !isRetryable(failure)) {
                    throw Unavailability.of("transaction", failure).<RuntimeException>map(unavailable -> unavailable)
                            .orElse(failure);
                }
                LOG.debugf("transaction attempt %d lost a lock race, retrying", attempt);
                pause(attempt);
            }
        }
    }

    static boolean isRetryable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (SERIALIZATION_FAILURE.equals(state) || DEADLOCK_DETECTED.equals(state)) {
                    return true;
                }
            }
        }
        return false;
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
