package dev.recaudo.persistence.common;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Keyset paging in change order over a table whose rows carry {@code change_xid}, the id of the
 * transaction that wrote them (stamped by a trigger, V0013). A transaction id is taken when the
 * transaction first writes, not when it commits, so a page stops below the oldest transaction
 * still in flight: whatever commits later has an id at or above that watermark, hence after every
 * position handed out so far.
 */
public final class ChangeOrder {

    /** Select this with the row's columns: the transaction id as text, since JDBC has no xid8. */
    public static final String POSITION_COLUMN = "change_xid::text AS change_position";

    private ChangeOrder() {}

    /** Appends the watermark, the position to read after, the order and the limit (one more row, to tell whether more follow). */
    public static void page(StringBuilder sql, List<Object> parameters, Optional<ChangePosition> after, int limit) {
        // A sub-select, so the snapshot's watermark is read once per statement and can bound an index scan.
        sql.append(" AND change_xid < (SELECT pg_snapshot_xmin(pg_current_snapshot()))");
        after.ifPresent(position -> {
            sql.append(" AND (change_xid, id) > (?::xid8, ?)");
            parameters.add(Long.toString(position.transactionId()));
            parameters.add(position.rowId());
        });
        sql.append(" ORDER BY change_xid, id LIMIT ?");
        parameters.add(limit + 1);
    }

    public static <T> ChangeSlice.Changed<T> changed(T item, ResultSet row) throws SQLException {
        return new ChangeSlice.Changed<>(item,
                new ChangePosition(Long.parseLong(row.getString("change_position")), NativeSql.uuid(row, "id")));
    }
}
