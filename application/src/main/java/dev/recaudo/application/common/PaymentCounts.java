package dev.recaudo.application.common;

import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;

/**
 * Counts how payment requests end, each once. An outcome that writes (money applied, a payment
 * kept, a repeat answered inside the work's transaction) counts when that transaction commits, so a
 * transaction that is rolled back or run again after a lock race counts nothing; a rejection counts
 * when its transaction is over, committed or rolled back (a rejection's writes are undone, yet it
 * was answered), and once only, even when that transaction is run again after a lock race.
 */
public final class PaymentCounts {

    private final OperationalMetrics metrics;
    private final Transactions transactions;

    public PaymentCounts(OperationalMetrics metrics, Transactions transactions) {
        this.metrics = metrics;
        this.transactions = transactions;
    }

    /** Counts an outcome that holds only if the active transaction commits (at once when none is active). */
    public void whenCommitted(PaymentCount count) {
        transactions.afterCommit(() -> metrics.payment(count));
    }

    /** Counts a rejection: nothing of it is kept, whatever happens to its transaction. */
    public void whenSettled(PaymentCount count) {
        transactions.whenSettled(() -> metrics.payment(count));
    }
}
