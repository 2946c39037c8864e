package dev.recaudo.e2e.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;

/**
 * A database of its own on the test server, migrated step by step with Flyway, for tests of what a
 * migration does to rows an earlier schema holds. Dropped on close.
 */
public final class ScratchDatabase implements AutoCloseable {

    private static final String SERVER_URL = "jdbc:postgresql://" + PostgresTestDatabase.SERVER + "/";

    private final String name = "recaudo_migration_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);

    public ScratchDatabase() throws SQLException {
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE \"" + name + "\"");
        }
    }

    /** Applies the migrations up to and including {@code version}. */
    public void migrateTo(String version) {
        Flyway.configure().dataSource(SERVER_URL + name, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD)
                .locations("classpath:db/migration").target(version).load().migrate();
    }

    public Connection connect() throws SQLException {
        return connect(name);
    }

    public static void execute(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
        }
    }

    private static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(SERVER_URL + database, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD);
    }
}
