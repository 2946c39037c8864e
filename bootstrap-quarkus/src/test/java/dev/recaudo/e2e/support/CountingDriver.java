package dev.recaudo.e2e.support;

import dev.recaudo.rest.common.RequestIds;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Logger;
import org.jboss.logging.MDC;

/**
 * The test profile's JDBC driver: PostgreSQL's own, with every connection it opens wrapped so that each
 * round trip the service makes is seen, whoever sends it (Hibernate, {@code NativeSql}, Flyway, Agroal):
 * every statement executed (a JDBC batch is one), every commit and rollback, every statement run in
 * autocommit, which PostgreSQL commits on its own, and every change of the session's isolation
 * level. Each is recorded with the id of the request it
 * served, from the logging context, so {@link RoundTrips} can hold one request to a budget.
 */
public final class CountingDriver implements Driver {

    /** What reached the database: a statement's text, or {@code COMMIT} / {@code ROLLBACK}. */
    public record Trip(String requestId, String sql, boolean autocommit) {

        public boolean commits() {
            return autocommit || "COMMIT".equals(sql);
        }

        public boolean isStatement() {
            return !"COMMIT".equals(sql) && !"ROLLBACK".equals(sql);
        }
    }

    /** The trip of {@link Connection#setTransactionIsolation}, followed by the level's number. */
    public static final String SESSION_ISOLATION = "setTransactionIsolation ";
    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate",
            "executeLargeUpdate", "executeBatch", "executeLargeBatch");
    private static final List<Trip> RECORDED = Collections.synchronizedList(new ArrayList<>());

    static {
        try {
            java.sql.DriverManager.registerDriver(new CountingDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Driver postgres = new org.postgresql.Driver();

    /** The trips served under {@code requestId} since the last {@link #clear()}, in order. */
    public static List<Trip> of(String requestId) {
        synchronized (RECORDED) {
            return RECORDED.stream().filter(trip -> requestId.equals(trip.requestId())).toList();
        }
    }

    public static void clear() {
        RECORDED.clear();
    }

    private static void record(String sql, boolean autocommit) {
        Object requestId = MDC.get(RequestIds.MDC_KEY);
        if (requestId != null) {
            RECORDED.add(new Trip(requestId.toString(), sql, autocommit));
        }
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        Connection connection = postgres.connect(url, info);
        return connection == null ? null : wrap(Connection.class, connection, new Watched(connection));
    }

    private static <T> T wrap(Class<T> type, Object target, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(CountingDriver.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** Forwards every call; counts executions, commits and rollbacks, and wraps the statements it hands out. */
    private record Watched(Connection connection) implements InvocationHandler {

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if ("commit".equals(name) || "rollback".equals(name) && (args == null || args.length == 0)) {
                record(name.toUpperCase(java.util.Locale.ROOT), false);
            } else if ("setTransactionIsolation".equals(name)) {
                // pgjdbc sends SET SESSION CHARACTERISTICS: session state, which PgBouncer's transaction pooling would leak.
                record(SESSION_ISOLATION + args[0], false);
            }
            Object result = call(connection, method, args);
            if (result instanceof Statement statement) {
                String sql = args != null && args.length > 0 && args[0] instanceof String text ? text : null;
                Class<?> type = method.getReturnType();
                return wrap(type.asSubclass(Statement.class), statement, new Executions(connection, statement, sql));
            }
            return result;
        }
    }

    /** A statement's executions, each recorded with its text (a prepared statement's, or the one passed). */
    private record Executions(Connection connection, Statement statement, String preparedSql) implements InvocationHandler {

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (EXECUTIONS.contains(method.getName())) {
                String sql = args != null && args.length > 0 && args[0] instanceof String text ? text : preparedSql;
                record(sql, connection.getAutoCommit());
            }
            return call(statement, method, args);
        }
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
        return postgres.acceptsURL(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return postgres.getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
        return postgres.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
        return postgres.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }
}
