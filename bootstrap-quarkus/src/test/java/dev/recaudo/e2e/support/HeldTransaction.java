package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.arc.Arc;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Work done in a transaction on a thread of its own, which stays open until the test commits or
 * rolls it back, so the test's other transactions meet the rows and locks it holds meanwhile.
 */
public final class HeldTransaction<T> {

    private final CountDownLatch ended = new CountDownLatch(1);
    private final AtomicBoolean rollBack = new AtomicBoolean();
    private final CompletableFuture<T> transaction;

    private HeldTransaction(Transactions transactions, Supplier<T> work) {
        CountDownLatch done = new CountDownLatch(1);
        transaction = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            T result = work.get();
            // Its writes sent, so that they hold their rows and locks while it stays open.
            Arc.container().instance(NativeSql.class).get().sendDeferred();
            done.countDown();
            Latches.await(ended);
            if (rollBack.get()) {
                throw new RolledBack();
            }
            return result;
        }));
        Latches.await(done);
    }

    /** Runs the work and returns once it is done, its transaction still open. */
    public static <T> HeldTransaction<T> start(Transactions transactions, Supplier<T> work) {
        return new HeldTransaction<>(transactions, work);
    }

    /** Commits the transaction and answers what its work answered. */
    public T commit() throws Exception {
        ended.countDown();
        return transaction.get(30, TimeUnit.SECONDS);
    }

    public void rollBack() {
        rollBack.set(true);
        ended.countDown();
        assertThatThrownBy(() -> transaction.get(30, TimeUnit.SECONDS)).hasRootCauseInstanceOf(RolledBack.class);
    }

    /** Thrown to end the transaction without its work. */
    private static final class RolledBack extends RuntimeException {
        RolledBack() {
            super("rolled back by the test", null, false, false);
        }
    }
}
