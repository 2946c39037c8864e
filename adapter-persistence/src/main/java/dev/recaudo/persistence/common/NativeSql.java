package dev.recaudo.persistence.common;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.hibernate.Session;

/**
 * The native SQL of the persistence adapter: the statements whose exact text is the point (row
 * locks, {@code SKIP LOCKED} claims, {@code ON CONFLICT} upserts, advisory locks, set-based
 * updates, keyset pages), with positional parameters and rows mapped by lambdas. They run on the
 * Hibernate session's own connection, in its transaction, so entities and native statements of
 * one use case commit together; since every entity change is flushed where it is made
 * ({@link #flush}), a native statement after it sees it. Outside a transaction each statement
 * runs alone, in autocommit.
 *
 * <p>A write whose row count its caller does not need at once ({@link #defer}) waits for the next
 * statement of its unit of work ({@link #unitOfWork}: each transaction {@link JtaTransactions} runs)
 * and goes with it in one round trip ({@link DeferredWrites}), or at the unit's end; elsewhere it
 * runs at once. Statements run in the order the use case made them and each sees the writes before
 * it; a refused write is reported with the statement it went with, and its transaction rolls back
 * as a whole. A lock taken before a run of writes is held for one round trip of them, not one each.
 */
@ApplicationScoped
public class NativeSql {

    /** Runs JDBC work on a connection: the session's, or in tests a second instance's own. */
    private interface Connections {
        <T> T run(ConnectionWork<T> work);

        /**
         * The deferred writes of the current transaction, null unless it is a unit of work
         * ({@link #unitOfWork}); with {@code create}, a new unit's empty list.
         */
        List<DeferredWrites.Write> deferred(boolean create);
    }

    @FunctionalInterface
    private interface ConnectionWork<T> {
        T run(Connection connection) throws SQLException;
    }

    private final Connections connections;
    private final StatementObserver observer;

    /**
     * Statements on connections of their own, each committing alone: what a second service
     * instance on the same database does, for tests that need two.
     */
    public NativeSql(DataSource standalone) {
        this.connections = new Connections() {
            @Override
            public <T> T run(ConnectionWork<T> work) {
                return alone(standalone, work);
            }

            @Override
            public List<DeferredWrites.Write> deferred(boolean create) {
                return null;
            }
        };
        this.observer = null;
    }

    /**
     * In a transaction, on its session's connection; outside one, alone on a pooled connection
     * (autocommit), as the key lookups and rate-limit counters of every request run, without the
     * cost of a transaction of their own. With the statement observer a test installed, if any.
     */
    @Inject
    public NativeSql(Session session, DataSource dataSource, TransactionSynchronizationRegistry transactions,
            Instance<StatementObserver> observers) {
        this.connections = new Connections() {
            @Override
            public <T> T run(ConnectionWork<T> work) {
                if (!QuarkusTransaction.isActive()) {
                    return alone(dataSource, work);
                }
                return session.doReturningWork(connection -> {
                    try {
                        return work.run(connection);
                    } catch (SQLException e) {
                        throw Refusals.of("native statement", e);
                    }
                });
            }

            @Override
            @SuppressWarnings("unchecked")
            public List<DeferredWrites.Write> deferred(boolean create) {
                if (transactions.getTransactionKey() == null) {
                    return null;
                }
                if (create) {
                    transactions.putResource(DeferredWrites.class, new ArrayList<DeferredWrites.Write>());
                }
                return (List<DeferredWrites.Write>) transactions.getResource(DeferredWrites.class);
            }
        };
        this.observer = observers.isResolvable() ? observers.get() : null;
    }

    private static <T> T alone(DataSource dataSource, ConnectionWork<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw Refusals.of("a statement outside a transaction", e);
        }
    }

    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    /** A {@code text[]} parameter. */
    public record TextArray(List<String> values) {}

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... parameters) {
        return execute(sql, parameters, statement -> {
            try (ResultSet rows = statement.getResultSet()) {
                List<T> result = new ArrayList<>();
                while (rows.next()) {
                    result.add(mapper.map(rows));
                }
                return result;
            }
        });
    }

    public <T> List<T> query(DynamicSql sql, RowMapper<T> mapper) {
        return query(sql.text(), mapper, sql.parameters());
    }

    public <T> Optional<T> queryOne(DynamicSql sql, RowMapper<T> mapper) {
        return queryOne(sql.text(), mapper, sql.parameters());
    }

    public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... parameters) {
        List<T> rows = query(sql, mapper, parameters);
        if (rows.size() > 1) {
            throw new IllegalStateException("expected at most one row from: " + sql);
        }
        return rows.stream().findFirst();
    }

    public int update(DynamicSql sql) {
        return update(sql.text(), sql.parameters());
    }

    public int update(String sql, Object... parameters) {
        return execute(sql, parameters, PreparedStatement::getUpdateCount);
    }

    /**
     * {@code work} as a unit of work of the current transaction, which it must have begun: writes
     * deferred in it are sent with its next statement, or at its end, before this returns. A
     * transaction begun inside it is not part of it (its writes go at once).
     */
    public <T> T unitOfWork(Supplier<T> work) {
        connections.deferred(true);
        T result = work.get();
        sendDeferred();
        return result;
    }

    /** The current unit of work's deferred writes, sent now if it has any (a test holding it open). */
    public void sendDeferred() {
        List<DeferredWrites.Write> pending = connections.deferred(false);
        if (pending != null && !pending.isEmpty()) {
            execute(null, new Object[0], statement -> null);
        }
    }

    /**
     * A write whose row count the caller does not read: in a unit of work ({@link #unitOfWork}),
     * sent with its next statement or at its end; anywhere else, at once.
     */
    public void defer(String sql, Object... parameters) {
        deferExpecting(DeferredWrites.ANY_ROWS, sql, parameters);
    }

    public void defer(DynamicSql sql) {
        defer(sql.text(), sql.parameters());
    }

    /**
     * A deferred write that must change exactly {@code rows} rows: when it is sent, any other count
     * fails the statement it went with, and so the transaction (a row that vanished while locked).
     */
    public void deferExpecting(int rows, String sql, Object... parameters) {
        DeferredWrites.Write write = new DeferredWrites.Write(sql, parameters.clone(), rows);
        List<DeferredWrites.Write> pending = connections.deferred(false);
        if (pending == null) {
            write.check(update(sql, parameters));
        } else {
            pending.add(write);
        }
    }

    @FunctionalInterface
    private interface Answer<T> {
        T read(PreparedStatement statement) throws SQLException;
    }

    /**
     * {@code sql} (none: the deferred writes only) after the transaction's deferred writes, in one
     * round trip, each deferred write's count checked as its answer comes; then {@code answer} reads
     * the last statement's result.
     */
    private <T> T execute(String sql, Object[] parameters, Answer<T> answer) {
        return connections.run(connection -> {
            DeferredWrites batch = DeferredWrites.taken(connections.deferred(false), sql, parameters);
            if (observer != null) {
                batch.statements().forEach(write -> observer.executing(write.sql(), write.parameters()));
            }
            try (PreparedStatement statement = JdbcStatements.prepare(connection, batch.text(), batch.values())) {
                statement.execute();
                batch.checkDeferred(statement);
                return answer.read(statement);
            } catch (SQLException e) {
                throw Refusals.of(batch.text(), e);
            }
        });
    }

    /**
     * Writes what the session's entities changed now, reporting a refused write as the ports do,
     * so an entity's write fails where the use case made it, like a native statement.
     */
    public static void flush(Session session) {
        try {
            session.flush();
        } catch (PersistenceException e) {
            throw Refusals.of("flush of the session's entities", e);
        }
    }
}
