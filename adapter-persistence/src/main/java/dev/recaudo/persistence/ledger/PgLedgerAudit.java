package dev.recaudo.persistence.ledger;

import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.persistence.common.PersistenceFailure;
import dev.recaudo.persistence.common.PersistenceSettings;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The ledger audit in PostgreSQL: {@link LedgerInvariantQueries} in one read-only REPEATABLE READ
 * transaction of its own, outside any JTA transaction (so the transaction manager's timeout does not
 * apply, the statement timeout does), and only while this instance holds the audit's advisory lock:
 * two instances never scan the ledger at the same time. The lock goes with the transaction, so a
 * check that dies leaves nothing held.
 */
@ApplicationScoped
@StoreFailures
public class PgLedgerAudit implements LedgerAudit {

    /** The audit reads one snapshot: the transaction's first statement, before any that takes one. */
    static final String REPEATABLE_READ = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ";

    /** The key of the audit's transaction-scoped advisory lock. */
    static final String LOCK = "SELECT pg_try_advisory_xact_lock(hashtextextended('ledger-invariants', 0))";

    @Inject
    DataSource dataSource;

    @Inject
    PersistenceSettings settings;

    @Override
    public Outcome check() {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            // Read only and repeatable read for this transaction alone (BEGIN READ ONLY, then SET
            // TRANSACTION): Connection.setTransactionIsolation would set the session's default, which
            // PgBouncer's transaction pooling would leave on a server connection another client gets.
            connection.setReadOnly(true);
            try {
                return checkHoldingTheLock(connection);
            } finally {
                connection.rollback();
                connection.setReadOnly(false);
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new PersistenceFailure("ledger invariant check", e);
        }
    }

    private Outcome checkHoldingTheLock(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(REPEATABLE_READ);
            statement.execute("SET LOCAL statement_timeout = '" + settings.invariants().timeoutSeconds() + "s'");
        }
        try (PreparedStatement statement = connection.prepareStatement(LOCK); ResultSet row = statement.executeQuery()) {
            row.next();
            if (!row.getBoolean(1)) {
                return new CheckedElsewhere();
            }
        }
        return new Completed(LedgerInvariantQueries.check(connection));
    }
}
