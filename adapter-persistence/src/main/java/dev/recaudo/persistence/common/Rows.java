package dev.recaudo.persistence.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Reading the columns every native row mapping reads alike: times, ids and the tenant. */
public final class Rows {

    private Rows() {}

    public static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp timestamp = row.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    public static Optional<Instant> optionalInstant(ResultSet row, String column) throws SQLException {
        return Optional.ofNullable(instant(row, column));
    }

    /** The tenant of a row with {@code company_id} and {@code is_test} columns. */
    public static TenantScope scope(ResultSet row) throws SQLException {
        return new TenantScope(new CompanyId(uuid(row, "company_id")),
                row.getBoolean("is_test") ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
    }

    public static java.util.UUID uuid(ResultSet row, String column) throws SQLException {
        return row.getObject(column, java.util.UUID.class);
    }
}
