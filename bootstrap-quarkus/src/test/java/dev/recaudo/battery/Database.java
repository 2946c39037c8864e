package dev.recaudo.battery;

import java.sql.Connection;
import java.sql.DriverManager;
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
