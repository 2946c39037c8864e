package dev.recaudo.persistence.common;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One round trip of {@link NativeSql}: the unit of work's deferred writes taken out (whatever
 * happens next, they are sent once), then the statements they go with, if any, as one text the
 * PostgreSQL driver sends together and whose answers come in order.
 */
final class DeferredWrites {

    /** A deferred write that may change any number of rows. */
    static final int ANY_ROWS = -1;

    /** A deferred write, and the rows it must change ({@link #ANY_ROWS}: whatever it changes). */
    record Write(String sql, Object[] parameters, int expectedRows) {

        /** Fails when the write changed another number of rows than it must (a row vanished while locked). */
        void check(int changed) {
            if (expectedRows != ANY_ROWS && changed != expectedRows) {
                throw new IllegalStateException("expected " + expectedRows + " row(s) changed, not " + changed + ", by: " + sql);
            }
        }
    }

    private final List<Write> deferred;
    private final List<Write> statements;

    private DeferredWrites(List<Write> deferred, List<Write> statements) {
        this.deferred = deferred;
        this.statements = statements;
    }

    /** A statement sent now, whatever its answer. */
    static Write statement(String sql, Object[] parameters) {
        return new Write(sql, parameters, ANY_ROWS);
    }

    /** The writes {@code pending} holds, emptying it, followed by {@code sent}. */
    static DeferredWrites taken(List<Write> pending, List<Write> sent) {
        List<Write> deferred = pending == null ? List.of() : List.copyOf(pending);
        if (pending != null) {
            pending.clear();
        }
        List<Write> statements = new ArrayList<>(deferred);
        statements.addAll(sent);
        return new DeferredWrites(deferred, statements);
    }

    /** Every statement of the round trip, the deferred writes first. */
    List<Write> statements() {
        return statements;
    }

    String text() {
        return String.join(";\n", statements.stream().map(Write::sql).toList());
    }

    Object[] values() {
        return statements.stream().flatMap(write -> Arrays.stream(write.parameters())).toArray();
    }

    /** Checks each deferred write's answer, leaving {@code statement} on the last statement's. */
    void checkDeferred(PreparedStatement statement) throws SQLException {
        for (Write write : deferred) {
            write.check(statement.getUpdateCount());
            statement.getMoreResults();
        }
    }
}
