package dev.recaudo.persistence.common;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
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

    /** The alias of each row's position: its transaction id as text, since JDBC has no xid8. */
    private static final String POSITION_COLUMN = "change_position";

    private ChangeOrder() {}

    /**
     * The {@code columns} of a tenant's rows of {@code table} and each row's position, for filters to
     * narrow. Both are the owning repository's constants, never a caller's text.
     */
    public static DynamicSql select(String table, String columns, TenantScope scope) {
        return new DynamicSql("SELECT " + columns + ", change_xid::text AS " + POSITION_COLUMN + " FROM " + table
                + " WHERE company_id = ? AND is_test = ?", scope.companyId().value(), scope.isTest());
    }

    /**
     * The page of the {@code filtered} rows after {@code after}: read up to the watermark in one
     * statement, one row more than {@code limit} to tell whether more follow, and each mapped by its
     * table's one mapping. It completes {@code filtered}, which is not to be used again.
     */
    public static <T> ChangeSlice<T> slice(NativeSql nativeSql, DynamicSql filtered, NativeSql.RowMapper<T> mapper,
            Optional<ChangePosition> after, int limit) {
        // A sub-select, so the snapshot's watermark is read once per statement and can bound an index scan.
        filtered.append(" AND change_xid < (SELECT pg_snapshot_xmin(pg_current_snapshot()))");
        after.ifPresent(position -> filtered.append(" AND (change_xid, id) > (?::xid8, ?)",
                Long.toString(position.transactionId()), position.rowId()));
        filtered.append(" ORDER BY change_xid, id LIMIT ?", limit + 1);
        List<ChangeSlice.Changed<T>> rows = nativeSql.query(filtered, row -> new ChangeSlice.Changed<>(mapper.map(row),
                new ChangePosition(Long.parseLong(row.getString(POSITION_COLUMN)), Rows.uuid(row, "id"))));
        return ChangeSlice.of(rows, limit, after);
    }
}
