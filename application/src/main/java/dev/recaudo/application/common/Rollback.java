package dev.recaudo.application.common;

import java.util.Objects;

/**
 * Leaves a transaction's work with a named answer while rolling back whatever the work wrote: a
 * business rejection found after writes that must not stay. It is an answer, not a failure, so it
 * has no stack trace; {@link Transactions#inTransactionOrRollback} turns it back into the answer.
 */
public final class Rollback extends RuntimeException {

    private final transient Object answer;

    public Rollback(Object answer) {
        super(null, null, false, false);
        this.answer = Objects.requireNonNull(answer, "answer");
    }

    Object answer() {
        return answer;
    }
}
