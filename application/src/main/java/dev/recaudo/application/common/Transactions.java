package dev.recaudo.application.common;

import java.util.function.Supplier;

/**
 * Port: runs work in one database transaction. Use cases say where their transaction starts and
 * ends through this port, so they run unchanged in a container and in plain unit tests.
 */
public interface Transactions {

    /**
     * Runs the work in a new transaction, committed when the work returns and rolled back when it
     * throws. Implementations may run the work again after a serialization failure or deadlock,
     * so the work must have no effect outside the transaction.
     */
    <T> T inTransaction(Supplier<T> work);

    /**
     * Runs the work like {@link #inTransaction}; when the work throws a {@link Rollback}, the
     * transaction rolls back and the rollback's answer is returned. An answer of another type than
     * the one named is a programming error.
     */
    default <T> T inTransactionOrRollback(Class<T> answerType, Supplier<T> work) {
        try {
            return inTransaction(work);
        } catch (Rollback rollback) {
            return answerType.cast(rollback.answer());
        }
    }
}
