package dev.recaudo.persistence.common;

import java.sql.SQLException;

/**
 * An infrastructure failure of the database. It never carries a business outcome: those come
 * back from the ports as values. The statement text is kept for the logs, never for clients.
 */
public class PersistenceFailure extends RuntimeException {

    public PersistenceFailure(String sql, SQLException cause) {
        super("statement failed (SQLState " + cause.getSQLState() + "): " + sql, cause);
    }
}
