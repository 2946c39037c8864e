package dev.recaudo.persistence.common;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** A statement of {@link NativeSql} prepared with its positional parameters bound as PostgreSQL takes them. */
final class JdbcStatements {

    private JdbcStatements() {}

    static PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
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
        } else if (value instanceof NativeSql.TextArray array) {
            statement.setArray(index, connection.createArrayOf("text", array.values().toArray()));
        } else if (value instanceof Enum<?> constant) {
            statement.setString(index, constant.name());
        } else {
            statement.setObject(index, value);
        }
    }
}
