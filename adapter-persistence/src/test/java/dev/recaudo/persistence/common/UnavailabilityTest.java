package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.common.StoreUnavailable;
import jakarta.transaction.RollbackException;
import java.sql.SQLException;
import javax.transaction.xa.XAException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UnavailabilityTest {

    @ParameterizedTest
    @ValueSource(strings = {"08006", "08001", "53300", "57P01", "57P03", "40001", "40P01"})
    void givenFailureThatPasses_whenClassified_thenStoreUnavailable(String state) {
        RuntimeException wrapped = new IllegalStateException("commit failed", new SQLException("gone", state));

        assertThat(Unavailability.of("transaction", wrapped)).hasValueSatisfying(unavailable -> {
            assertThat(unavailable.getMessage()).contains(state);
            assertThat(unavailable.getCause()).isSameAs(wrapped);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"23505", "42601", "22P02", "0800", "XX000", "55P03"})
    void givenFailureThatWillNotPass_whenClassified_thenEmpty(String state) {
        assertThat(Unavailability.of("statement", new SQLException("refused", state))).isEmpty();
    }

    @Test
    void givenPoolTimeoutWithoutState_whenClassified_thenStoreUnavailable() {
        assertThat(Unavailability.of("statement", new SQLException("Sorry, acquisition timeout!"))).isPresent();
        assertThat(Unavailability.of("statement", new SQLException("something else"))).isEmpty();
        assertThat(Unavailability.of("statement", new SQLException((String) null))).isEmpty();
    }

    /** The shape Narayana gives a commit whose connection died: BankCrashIT saw it answered 500. */
    @Test
    void givenCommitWhoseConnectionDied_whenClassified_thenStoreUnavailableFromTheSuppressedCause() {
        XAException commit = new XAException("Error trying to transactionCommit local transaction");
        commit.initCause(new SQLException("An I/O error occurred while sending to the backend.", "08006"));
        RollbackException rollback = new RollbackException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(commit);

        assertThat(Unavailability.of("transaction", new IllegalStateException(rollback)))
                .hasValueSatisfying(unavailable -> assertThat(unavailable.getMessage()).contains("08006"));
    }

    @Test
    void givenSuppressedFailureThatWillNotPass_orACycle_whenClassified_thenEmpty() {
        RollbackException rollback = new RollbackException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(new SQLException("duplicate", "23505"));
        IllegalStateException looped = new IllegalStateException("outer");
        IllegalStateException inner = new IllegalStateException("inner", rollback);
        looped.addSuppressed(inner);
        inner.addSuppressed(looped);

        assertThat(Unavailability.of("transaction", looped)).isEmpty();
    }

    @Test
    void givenFailureWithoutSqlCause_whenClassified_thenEmpty() {
        assertThat(Unavailability.of("transaction", new IllegalStateException("a bug"))).isEmpty();
    }

    @Test
    void givenPoolTimeout_whenRefusalsReportIt_thenStoreUnavailableNotPersistenceFailure() {
        assertThat(Refusals.of("SELECT 1", new SQLException("Sorry, acquisition timeout!")))
                .isInstanceOf(StoreUnavailable.class);
        assertThat(Refusals.of("SELECT 1", new SQLException("duplicate", "23505"))).isInstanceOf(PersistenceFailure.class);
    }
}
