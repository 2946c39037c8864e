package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.StoreUnavailable;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What waits for the end of a transaction ({@link Transactions#whenSettled}) on the JTA adapter,
 * besides the lock race of {@code OperationalMetricsTest}: it follows a commit and a rollback,
 * not an end with the database out of reach (the client sends the request again), and an action
 * that throws neither changes the transaction's answer nor stops the others.
 */
@QuarkusTest
class TransactionEndsTest {

    @Inject
    Transactions transactions;

    private final AtomicInteger ran = new AtomicInteger();

    @Test
    void givenACommitAndARollback_whenTheyEnd_thenWhatWaitsRunsAfterEachAndNotBefore() {
        transactions.inTransaction(() -> {
            transactions.whenSettled(ran::incrementAndGet);
            assertThat(ran).as("before the commit").hasValue(0);
            return null;
        });
        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            transactions.whenSettled(ran::incrementAndGet);
            throw new IllegalArgumentException("a decision that rolls back");
        })).isInstanceOf(IllegalArgumentException.class);

        assertThat(ran).hasValue(2);
    }

    @Test
    void givenTheDatabaseOutOfReach_whenTheTransactionEnds_thenWhatWaitsIsDropped() {
        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            transactions.whenSettled(ran::incrementAndGet);
            throw new StoreUnavailable("statement (SQLState 08006)", null);
        })).isInstanceOf(StoreUnavailable.class);

        assertThat(ran).hasValue(0);
    }

    @Test
    void givenAnActionThatThrows_whenTheTransactionCommits_thenItsAnswerStandsAndTheOtherActionsRun() {
        String answer = transactions.inTransaction(() -> {
            transactions.whenSettled(() -> {
                throw new IllegalStateException("a broken action");
            });
            transactions.whenSettled(ran::incrementAndGet);
            return "kept";
        });

        assertThat(answer).isEqualTo("kept");
        assertThat(ran).hasValue(1);
    }

    @Test
    void givenATransactionBegunElsewhere_whenItEnds_thenWhatWaitsFollowsItsCompletion() {
        QuarkusTransaction.requiringNew().run(() -> {
            transactions.whenSettled(ran::incrementAndGet);
            assertThat(ran).as("before the completion").hasValue(0);
        });

        assertThat(ran).hasValue(1);
    }
}
