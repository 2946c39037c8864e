package dev.recaudo.application.fakes;

/** An in-memory store that can take part in {@link RollbackTransactions}. */
public interface TransactionalFake {

    /** Captures the current state and answers the action that puts it back. */
    Runnable captureRollback();
}
