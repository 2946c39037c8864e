package dev.recaudo.application.common;

import java.util.function.Supplier;

/**
 * Port: runs work in one database transaction. Use cases say where their transaction starts and
 * ends through this port, so they run unchanged in a container and in plain unit tests.
 */
public interface Transactions {

    /**
     * Runs the work in a new transaction, committed when the work returns and rolled back when it
     * throws; called while a transaction is active, the work joins it, and the outermost call
     * commits or rolls back. Implementations may run the work again after a serialization failure
     * or deadlock, so the work must have no effect outside the transaction.
     */
    <T> T inTransaction(Supplier<T> work);

    /**
     * Runs the action once the active transaction has committed, and never if it rolls back (a
     * retried attempt included); with no transaction active, at once. For effects outside the
     * database that must follow only work that was kept, such as counting an outcome. The action
     * must be cheap and must not throw.
     */
    void afterCommit(Runnable action);

    /**
     * Runs the action once the outermost transaction is over for good, committed or rolled back,
     * and never for an attempt that is run again after a lock race, nor when it ends with the
     * database out of reach ({@code StoreUnavailable}: the client sends the request again); with no
     * transaction active, at once. For effects outside the database that follow a decision whatever
     * becomes of its writes, such as counting a rejection once. The action must be cheap and must
     * not throw.
     */
    void whenSettled(Runnable action);

    /**
     * Runs the work like {@link #inTransaction}; when the work throws a {@link Rollback}, the
     * rollback's answer is returned. The work's writes are undone when this call began the
     * transaction; when it joined one, they are undone only if the outermost caller rolls back
     * (as {@code IdempotentExecution} does for every answer of status 400 or more), so a use case
     * that may run inside another transaction throws one only before its first write or with an
     * answer its caller rolls back. An
     * answer of another type than the one named is a programming error.
     */
    default <T> T inTransactionOrRollback(Class<T> answerType, Supplier<T> work) {
        try {
            return inTransaction(work);
        } catch (Rollback rollback) {
            return answerType.cast(rollback.answer());
        }
    }
}
