package dev.recaudo.persistence.common;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.jboss.logging.Logger;

/**
 * Makes the database ready before anything else runs: creates it when it is missing (so a new
 * user needs nothing but a reachable PostgreSQL server), then applies the Flyway migrations.
 * Flyway holds a PostgreSQL advisory lock while migrating, so instances starting together are safe.
 */
@ApplicationScoped
public class DatabaseBootstrap {

    private static final Logger LOG = Logger.getLogger(DatabaseBootstrap.class);
    private static final Pattern POSTGRES_URL =
            Pattern.compile("^jdbc:postgresql://([^/?]+)/([A-Za-z0-9_]+)(\\?.*)?$");
    private static final String DUPLICATE_DATABASE = "42P04";

    private final Flyway flyway;
    private final String jdbcUrl;
    private final Optional<String> username;
    private final Optional<String> password;
    private final boolean createIfMissing;

    public DatabaseBootstrap(
            Flyway flyway,
            @ConfigProperty(name = "quarkus.datasource.jdbc.url") String jdbcUrl,
            @ConfigProperty(name = "quarkus.datasource.username") Optional<String> username,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password,
            PersistenceSettings settings) {
        this.flyway = flyway;
        this.jdbcUrl = jdbcUrl;
        this.username = username;
        this.password = password;
        this.createIfMissing = settings.database().createIfMissing();
    }

    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        if (createIfMissing) {
            createDatabaseIfMissing();
        }
        var result = flyway.migrate();
        LOG.infof("database schema at version %s (%d migrations applied now)",
                flyway.info().current() == null ? "none" : flyway.info().current().getVersion(),
                result.migrationsExecuted);
        try (Connection connection = flyway.getConfiguration().getDataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet setting = statement.executeQuery("SELECT current_setting('autovacuum')")) {
            setting.next();
            statisticsWarning(setting.getString(1)).ifPresent(LOG::warn);
        } catch (SQLException e) {
            LOG.warnf("could not read the server's autovacuum setting (%s)", e.getMessage());
        }
    }

    /**
     * What an operator is told when the server does not refresh the planner's statistics itself:
     * PostgreSQL then keeps the plans it made while the tables were empty, and a read that took a
     * millisecond takes seconds once they have grown (docs/performance.md, "Statistics the harness
     * refreshes").
     */
    static Optional<String> statisticsWarning(String autovacuum) {
        return autovacuum.equals("on") ? Optional.empty()
                : Optional.of("the database server runs with autovacuum = " + autovacuum + ": the planner's statistics are"
                        + " never refreshed and plans made on small tables are kept as they grow; turn it on, or run"
                        + " ANALYZE on a schedule");
    }

    private void createDatabaseIfMissing() {
        Matcher url = POSTGRES_URL.matcher(jdbcUrl);
        if (!url.matches()) {
            LOG.warnf("not creating the database: cannot read the database name from %s", jdbcUrl);
            return;
        }
        String database = url.group(2);
        String maintenanceUrl = "jdbc:postgresql://" + url.group(1) + "/postgres" + (url.group(3) == null ? "" : url.group(3));
        Properties credentials = new Properties();
        username.ifPresent(u -> credentials.setProperty("user", u));
        password.ifPresent(p -> credentials.setProperty("password", p));
        try (Connection connection = DriverManager.getConnection(maintenanceUrl, credentials)) {
            if (exists(connection, database)) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                // The name matched [A-Za-z0-9_]+ above, so quoting it is enough.
                statement.execute("CREATE DATABASE \"" + database + "\"");
                LOG.infof("created database %s", database);
            }
        } catch (SQLException e) {
            if (DUPLICATE_DATABASE.equals(e.getSQLState())) {
                return; // another instance created it a moment ago
            }
            LOG.warnf("could not make sure database %s exists (%s); migrating anyway", database, e.getMessage());
        }
    }

    private static boolean exists(Connection connection, String database) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, database);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }
}
