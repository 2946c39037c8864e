package dev.recaudo.application.fakes;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.StoreUnavailable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Commits when the work returns and puts every participating fake back as it was when the work
 * throws, like a database transaction. A nested call joins the outer transaction, as the JTA
 * adapter does; what waits for the commit runs after it and is dropped by a rollback, and what
 * waits for the end runs after either, unless the work ended with the database out of reach. A
 * test may make one transaction lose a lock race ({@link #loseLockRaceAt}): its work runs, is rolled
 * back as PostgreSQL rolls back a deadlock's victim, and runs again, as the JTA adapter retries it.
 */
public final class RollbackTransactions implements Transactions {

    private final List<TransactionalFake> participants;
    private final List<Runnable> afterCommit = new ArrayList<>();
    private final List<Runnable> settled = new ArrayList<>();
    private int depth;
    private int commits;
    private int rollbacks;
    private int started;
    private int racedAt;
    private int races;

    public RollbackTransactions(TransactionalFake... participants) {
        this.participants = List.of(participants);
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (depth > 0) {
            return work.get();
        }
        if (++started == racedAt) {
            loseLockRace(work);
        }
        List<Runnable> restores = new ArrayList<>();
        for (TransactionalFake participant : participants) {
            restores.add(participant.captureRollback());
        }
        depth++;
        T result;
        try {
            result = work.get();
        } catch (RuntimeException | Error failure) {
            restores.forEach(Runnable::run);
            rollbacks++;
            afterCommit.clear();
            if (failure instanceof StoreUnavailable) {
                settled.clear();
            }
            runAndClear(settled);
            throw failure;
        } finally {
            depth--;
        }
        commits++;
        runAndClear(afterCommit);
        runAndClear(settled);
        return result;
    }

    /** Makes the {@code transaction}-th outermost transaction from now on lose a lock race once. */
    public void loseLockRaceAt(int transaction) {
        racedAt = started + transaction;
    }

    /** How many transactions lost a lock race and ran again. */
    public int races() {
        return races;
    }

    private void loseLockRace(Supplier<?> work) {
        List<Runnable> restores = new ArrayList<>();
        for (TransactionalFake participant : participants) {
            restores.add(participant.captureRollback());
        }
        depth++;
        try {
            work.get();
        } finally {
            depth--;
        }
        restores.forEach(Runnable::run);
        afterCommit.clear();
        settled.clear();
        races++;
    }

    @Override
    public void whenSettled(Runnable action) {
        if (depth > 0) {
            settled.add(action);
        } else {
            action.run();
        }
    }

    private static void runAndClear(List<Runnable> actions) {
        List<Runnable> due = List.copyOf(actions);
        actions.clear();
        due.forEach(Runnable::run);
    }

    @Override
    public void afterCommit(Runnable action) {
        if (depth > 0) {
            afterCommit.add(action);
        } else {
            action.run();
        }
    }

    public int commits() {
        return commits;
    }

    public int rollbacks() {
        return rollbacks;
    }
}
