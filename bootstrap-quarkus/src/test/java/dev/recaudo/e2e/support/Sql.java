package dev.recaudo.e2e.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Small JDBC helpers for tests that inspect or prepare rows directly. */
public final class Sql {

    private Sql() {}

    @FunctionalInterface
    private interface Read<T> {
        T from(ResultSet rows) throws SQLException;
    }

    public static long count(String sql, Object... parameters) {
        return first(sql, rows -> rows.getLong(1), parameters);
    }

    public static String text(String sql, Object... parameters) {
        return first(sql, rows -> rows.getString(1), parameters);
    }

    public static byte[] bytes(String sql, Object... parameters) {
        return first(sql, rows -> rows.getBytes(1), parameters);
    }

    public static int execute(String sql, Object... parameters) {
        try (Connection connection = ServiceUnderTest.connect()) {
            return execute(connection, sql, parameters);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a statement on the caller's connection, for tests that hold a transaction open. */
    public static int execute(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        }
    }

    private static <T> T first(String sql, Read<T> read, Object... parameters) {
        try (Connection connection = ServiceUnderTest.connect();
                PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            rows.next();
            return read.from(rows);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }
}
