package dev.recaudo.application.fakes;

import dev.recaudo.application.common.Transactions;
import java.util.function.Supplier;

/** Runs the work at once and rolls nothing back; counts the transactions so a test can see them. */
public final class DirectTransactions implements Transactions {

    private int started;

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        started++;
        return work.get();
    }

    /** Nothing is ever rolled back here, so what would follow a commit follows at once. */
    @Override
    public void afterCommit(Runnable action) {
        action.run();
    }

    /** Nothing is ever run again here, so what follows the end of a transaction follows at once. */
    @Override
    public void whenSettled(Runnable action) {
        action.run();
    }

    public int started() {
        return started;
    }
}
