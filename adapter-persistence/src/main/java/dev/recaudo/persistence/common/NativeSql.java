package dev.recaudo.persistence.common;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 */
@ApplicationScoped
public class NativeSql {


    /** Runs JDBC work on a connection: the session's, or in tests a second instance's own. */
    @FunctionalInterface
    private interface Connections {
        <T> T run(ConnectionWork<T> work);
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
        };
        this.observer = null;
    }

    /**
     * In a transaction, on its session's connection; outside one, alone on a pooled connection
     * (autocommit), as the key lookups and rate-limit counters of every request run, without the
     * cost of a transaction of their own. With the statement observer a test installed, if any.
     */
    @Inject
    public NativeSql(Session session, DataSource dataSource, Instance<StatementObserver> observers) {
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
        return connections.run(connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters);
                    ResultSet rows = statement.executeQuery()) {
                List<T> result = new ArrayList<>();
                while (rows.next()) {
                    result.add(mapper.map(rows));
                }
                return result;
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
        return connections.run(connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters)) {
                return statement.executeUpdate();
            } catch (SQLException e) {
                throw Refusals.of(sql, e);
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

    private PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
        if (observer != null) {
            observer.executing(sql, parameters);
        }
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.length; i++) {
                bind(connection, statement, i + 1, parameters[i]);
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private static void bind(Connection connection, PreparedStatement statement, int index, Object value)
            throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof Instant instant) {
            statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
        } else if (value instanceof LocalDate date) {
            statement.setObject(index, date);
        } else if (value instanceof TextArray array) {
            statement.setArray(index, connection.createArrayOf("text", array.values().toArray()));
        } else if (value instanceof Enum<?> constant) {
            statement.setString(index, constant.name());
        } else {
            statement.setObject(index, value);
        }
    }
}
