package dev.recaudo.persistence.common;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.hibernate.Session;

/** Where {@link NativeSql} runs its JDBC work: the session's connection, or in tests a second instance's own. */
interface Connections {

    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    <T> T run(Work<T> work);

    /**
     * The deferred writes of the current transaction, null unless it is a unit of work
     * ({@link NativeSql#unitOfWork}); with {@code create}, a new unit's empty list.
     */
    List<DeferredWrites.Write> deferred(boolean create);

    /** Each statement on a connection of its own, committing alone: what a second service instance does. */
    static Connections standalone(DataSource dataSource) {
        return new Connections() {
            @Override
            public <T> T run(Work<T> work) {
                return alone(dataSource, work);
            }

            @Override
            public List<DeferredWrites.Write> deferred(boolean create) {
                return null;
            }
        };
    }

    /**
     * In a transaction, on its session's connection; outside one, alone on a pooled connection
     * (autocommit), as the key lookups and rate-limit counters of every request run, without the
     * cost of a transaction of their own.
     */
    static Connections ofSession(Session session, DataSource dataSource, TransactionSynchronizationRegistry transactions) {
        return new Connections() {
            @Override
            public <T> T run(Work<T> work) {
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

            @Override
            @SuppressWarnings("unchecked")
            public List<DeferredWrites.Write> deferred(boolean create) {
                if (transactions.getTransactionKey() == null) {
                    return null;
                }
                if (create) {
                    transactions.putResource(DeferredWrites.class, new ArrayList<DeferredWrites.Write>());
                }
                return (List<DeferredWrites.Write>) transactions.getResource(DeferredWrites.class);
            }
        };
    }

    private static <T> T alone(DataSource dataSource, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw Refusals.of("a statement outside a transaction", e);
        }
    }
}
