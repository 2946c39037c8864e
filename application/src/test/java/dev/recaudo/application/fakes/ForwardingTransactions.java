package dev.recaudo.application.fakes;

import dev.recaudo.application.common.Transactions;
import java.util.function.Supplier;

/** Transactions that hand everything to the books' own; a test double overrides what it watches or adds. */
public abstract class ForwardingTransactions implements Transactions {

    private final Transactions books;

    protected ForwardingTransactions(Transactions books) {
        this.books = books;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return books.inTransaction(work);
    }

    @Override
    public void afterCommit(Runnable action) {
        books.afterCommit(action);
    }

    @Override
    public void whenSettled(Runnable action) {
        books.whenSettled(action);
    }
}
