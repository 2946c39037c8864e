package dev.recaudo.persistence.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
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

    private final Connections connections;
    private final StatementObserver observer;

    /**
     * Statements on connections of their own, each committing alone: what a second service
     * instance on the same database does, for tests that need two.
     */
    public NativeSql(DataSource standalone) {
        this.connections = Connections.standalone(standalone);
        this.observer = null;
    }

    /** On the session's connection in a transaction, alone outside one; with the statement observer a test installed, if any. */
    @Inject
    public NativeSql(Session session, DataSource dataSource, TransactionSynchronizationRegistry transactions,
            Instance<StatementObserver> observers) {
        this.connections = Connections.ofSession(session, dataSource, transactions);
        this.observer = observers.isResolvable() ? observers.get() : null;
    }

    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    /** A {@code text[]} parameter. */
    public record TextArray(List<String> values) {}

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... parameters) {
        return execute(List.of(DeferredWrites.statement(sql, parameters)), statement -> rows(statement, mapper));
    }

    /** The rows of {@code statement}'s current result, each mapped. */
    static <T> List<T> rows(PreparedStatement statement, RowMapper<T> mapper) throws SQLException {
        try (ResultSet rows = statement.getResultSet()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(mapper.map(rows));
            }
            return result;
        }
    }

    /**
     * The batch's queries in one round trip (with the unit of work's deferred writes before them),
     * each answered with its own rows: reads that do not depend on each other's answers.
     */
    public void queryTogether(QueryBatch batch) {
        execute(batch.statements(), statement -> {
            batch.read(statement);
            return null;
        });
    }

    /**
     * Each row of {@code sql}, mapped and handed to {@code each} as it comes: read through a cursor,
     * {@code fetchSize} rows at a time, so the result is never held whole. In a transaction only
     * (outside one the driver reads every row at once) and with no write deferred before it.
     */
    public <T> void stream(String sql, int fetchSize, RowMapper<T> mapper, Consumer<T> each, Object... parameters) {
        connections.run(connection -> {
            if (connection.getAutoCommit()) {
                throw new IllegalStateException("a stream is read in a transaction, through a cursor");
            }
            try (PreparedStatement statement = JdbcStatements.prepare(connection, sql, parameters)) {
                statement.setFetchSize(fetchSize);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        each.accept(mapper.map(rows));
                    }
                }
                return null;
            } catch (SQLException e) {
                throw Refusals.of(sql, e);
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
        return execute(List.of(DeferredWrites.statement(sql, parameters)), PreparedStatement::getUpdateCount);
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
            execute(List.of(), statement -> null);
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
     * {@code statements} (none: the deferred writes only) after the transaction's deferred writes, in
     * one round trip, each deferred write's count checked as its answer comes; then {@code answer}
     * reads the statements' results, from the first.
     */
    private <T> T execute(List<DeferredWrites.Write> statements, Answer<T> answer) {
        return connections.run(connection -> {
            DeferredWrites batch = DeferredWrites.taken(connections.deferred(false), statements);
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
