package dev.recaudo.persistence.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.common.UnstorableValue;
import dev.recaudo.domain.company.CompanyId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The one place that talks JDBC: statements with positional parameters, rows mapped by lambdas.
 * Inside a JTA transaction the data source hands out the transaction's connection, so every
 * statement of a use case runs in that transaction; outside one, each statement commits alone.
 */
@ApplicationScoped
public class Jdbc {

    /**
     * {@code character_not_in_repertoire} (22021: the NUL character, invalid UTF-8) and
     * {@code untranslatable_character} (22P05: an escaped NUL in {@code jsonb}).
     */
    private static final Set<String> TEXT_ENCODING_REFUSALS = Set.of("22021", "22P05");

    private final DataSource dataSource;
    private final StatementObserver observer;

    public Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
        this.observer = null;
    }

    /** With the statement observer a test installed, if any. */
    @Inject
    public Jdbc(DataSource dataSource, Instance<StatementObserver> observers) {
        this.dataSource = dataSource;
        this.observer = observers.isResolvable() ? observers.get() : null;
    }

    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    /** A {@code text[]} parameter. */
    public record TextArray(List<String> values) {}

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(mapper.map(rows));
            }
            return result;
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... parameters) {
        List<T> rows = query(sql, mapper, parameters);
        if (rows.size() > 1) {
            throw new IllegalStateException("expected at most one row from: " + sql);
        }
        return rows.stream().findFirst();
    }

    public int update(String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw failure(sql, e);
        }
    }

    /**
     * A refused statement as the ports report it: text the database cannot encode is an
     * {@link UnstorableValue} (the request's mistake), anything else a {@link PersistenceFailure}.
     */
    private static RuntimeException failure(String sql, SQLException e) {
        return TEXT_ENCODING_REFUSALS.contains(e.getSQLState())
                ? new UnstorableValue("the database cannot store (SQLState " + e.getSQLState() + "): " + sql, e)
                : new PersistenceFailure(sql, e);
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

    public static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp timestamp = row.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    public static Optional<Instant> optionalInstant(ResultSet row, String column) throws SQLException {
        return Optional.ofNullable(instant(row, column));
    }

    /** The tenant of a row with {@code company_id} and {@code is_test} columns. */
    public static TenantScope scope(ResultSet row) throws SQLException {
        return new TenantScope(new CompanyId(uuid(row, "company_id")),
                row.getBoolean("is_test") ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
    }

    public static java.util.UUID uuid(ResultSet row, String column) throws SQLException {
        return row.getObject(column, java.util.UUID.class);
    }
}
