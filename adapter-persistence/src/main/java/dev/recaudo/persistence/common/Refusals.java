package dev.recaudo.persistence.common;

import dev.recaudo.domain.common.UnstorableValue;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.Set;

/** A statement the database refused, as the ports report it. */
final class Refusals {

    /**
     * {@code character_not_in_repertoire} (22021: the NUL character, invalid UTF-8) and
     * {@code untranslatable_character} (22P05: an escaped NUL in {@code jsonb}).
     */
    private static final Set<String> TEXT_ENCODING_REFUSALS = Set.of("22021", "22P05");

    private Refusals() {}

    /** A statement Hibernate ran and the database refused, as the ports report it; any other failure as it was. */
    static RuntimeException of(String what, PersistenceException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return of(what, sql);
            }
        }
        return e;
    }

    /**
     * A refused statement as the ports report it: text the database cannot encode is an
     * {@link UnstorableValue} (the request's mistake), a failure that will pass a
     * {@link dev.recaudo.domain.common.StoreUnavailable}, anything else a {@link PersistenceFailure}.
     */
    static RuntimeException of(String sql, SQLException e) {
        if (e.getSQLState() != null && TEXT_ENCODING_REFUSALS.contains(e.getSQLState())) {
            return new UnstorableValue("the database cannot store (SQLState " + e.getSQLState() + "): " + sql, e);
        }
        return Unavailability.of("statement", e).<RuntimeException>map(unavailable -> unavailable)
                .orElseGet(() -> new PersistenceFailure(sql, e));
    }
}
