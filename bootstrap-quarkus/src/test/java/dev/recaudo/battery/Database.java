package dev.recaudo.battery;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * One PostgreSQL database the service instances and the checks share, by JDBC. {@link #create}
 * makes a fresh one on a server and {@link #drop()} removes it again.
 *
 * @param server {@code host:port} of the PostgreSQL server
 * @param name the database's name on that server
 */
public record Database(String server, String name, String user, String password) {

    /** Creates a database with a fresh name, prefixed {@code prefix}, on {@code server} as {@code user}. */
    public static Database create(String server, String user, String password, String prefix) throws SQLException {
        Database database = new Database(server, prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16),
                user, password);
        database.onServer("CREATE DATABASE \"" + database.name + "\"");
        return database;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + server + "/" + name;
    }

    /** A direct connection, for checks and for tests that prepare or corrupt rows. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), user, password);
    }

    /** The first column of the first row of a query with {@code parameters}, as a number (a count, an amount). */
    public long number(String sql, Object... parameters) throws SQLException {
        String value = text(sql, parameters);
        return value == null ? 0 : Long.parseLong(value);
    }

    /** The first column of the first row of a query with {@code parameters}, as text; {@code null} when there is no row. */
    public String text(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    /** Drops the database, ending any session still connected to it. */
    public void drop() throws SQLException {
        onServer("DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
    }

    private void onServer(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + server + "/postgres", user, password);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
