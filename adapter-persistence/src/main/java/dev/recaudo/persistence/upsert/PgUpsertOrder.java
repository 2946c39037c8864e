package dev.recaudo.persistence.upsert;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.upsert.PartnerRecord;
import dev.recaudo.domain.upsert.UpsertOrder;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One statement per upsert, whatever the number of records it orders: a row per record is inserted,
 * or moved to the new time when the stored one is not later. {@code RETURNING} names the rows it
 * wrote; a conflicting row it left alone (a later time) is locked all the same, so the caller holds
 * every row it named until its transaction ends.
 */
@ApplicationScoped
@StoreFailures
public class PgUpsertOrder implements UpsertOrder {

    private final NativeSql nativeSql;

    public PgUpsertOrder(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    @Override
    public Set<PartnerRecord> advance(TenantScope scope, Instant signedAt, List<PartnerRecord> records) {
        if (records.isEmpty()) {
            return Set.of();
        }
        StringBuilder sql = new StringBuilder(
                "INSERT INTO signed_upserts AS s (company_id, is_test, source, record, external_id, signed_at) VALUES ");
        List<Object> parameters = new ArrayList<>();
        for (PartnerRecord record : records) {
            sql.append(parameters.isEmpty() ? "" : ", ").append("(?, ?, ?, ?, ?, ?)");
            parameters.addAll(List.of(scope.companyId().value(), scope.isTest(), record.source(), wireName(record.kind()),
                    record.externalId(), signedAt));
        }
        sql.append(" ON CONFLICT (company_id, is_test, source, record, external_id)"
                + " DO UPDATE SET signed_at = EXCLUDED.signed_at WHERE s.signed_at <= EXCLUDED.signed_at"
                + " RETURNING s.record, s.source, s.external_id");
        List<PartnerRecord> written = nativeSql.query(sql.toString(),
                row -> new PartnerRecord(PartnerRecord.Kind.valueOf(row.getString("record").toUpperCase(Locale.ROOT)),
                        row.getString("source"), row.getString("external_id")),
                parameters.toArray());
        Set<PartnerRecord> stale = new HashSet<>(records);
        written.forEach(stale::remove);
        return stale;
    }

    private static String wireName(PartnerRecord.Kind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
