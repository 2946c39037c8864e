package dev.recaudo.e2e.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * Gives each test run a fresh database on the PostgreSQL server named by {@code RECAUDO_TEST_PG}
 * (default {@code 127.0.0.1:5432}). The service creates and migrates it at start, exactly as in
 * production; it is dropped when the run ends.
 */
public class PostgresTestDatabase implements QuarkusTestResourceLifecycleManager {

    public static final String SERVER = System.getenv().getOrDefault("RECAUDO_TEST_PG", "127.0.0.1:5432");
    public static final String USER = System.getenv().getOrDefault("QUARKUS_DATASOURCE_USERNAME", "postgres");
    public static final String PASSWORD = System.getenv().getOrDefault("QUARKUS_DATASOURCE_PASSWORD", "");

    private static String database;

    @Override
    public Map<String, String> start() {
        database = "recaudo_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        return Map.of("quarkus.datasource.jdbc.url", jdbcUrl());
    }

    @Override
    public void stop() {
        try (Connection connection = connectToServer(); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS \"" + database + "\" WITH (FORCE)");
        } catch (SQLException e) {
            System.err.println("could not drop test database " + database + ": " + e.getMessage());
        }
    }

    public static String jdbcUrl() {
        return "jdbc:postgresql://" + SERVER + "/" + database;
    }

    /** A connection to the server's maintenance database, to create or drop databases. */
    public static Connection connectToServer() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + SERVER + "/postgres", USER, PASSWORD);
    }

    /** A direct connection to the run's database, for tests that set up or inspect rows. */
    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }
}
