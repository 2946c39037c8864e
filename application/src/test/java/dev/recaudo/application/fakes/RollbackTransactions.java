package dev.recaudo.application.fakes;

import dev.recaudo.application.common.Transactions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Commits when the work returns and puts every participating fake back as it was when the work
 * throws, like a database transaction. A nested call joins the outer transaction, as the JTA
 * adapter does.
 */
public final class RollbackTransactions implements Transactions {

    private final List<TransactionalFake> participants;
    private int depth;
    private int commits;
    private int rollbacks;

    public RollbackTransactions(TransactionalFake... participants) {
        this.participants = List.of(participants);
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (depth > 0) {
            return work.get();
        }
        List<Runnable> restores = new ArrayList<>();
        for (TransactionalFake participant : participants) {
            restores.add(participant.captureRollback());
        }
        depth++;
        try {
            T result = work.get();
            commits++;
            return result;
        } catch (RuntimeException | Error failure) {
            restores.forEach(Runnable::run);
            rollbacks++;
            throw failure;
        } finally {
            depth--;
        }
    }

    public int commits() {
        return commits;
    }

    public int rollbacks() {
        return rollbacks;
    }
}
