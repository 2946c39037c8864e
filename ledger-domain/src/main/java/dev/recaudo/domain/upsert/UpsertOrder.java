package dev.recaudo.domain.upsert;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Port: the newest signing time applied to each record a partner upserts. An upsert signed at the
 * same second as the newest is in order: the signature check already refuses the same request sent
 * twice, and two different requests of one second are told apart only by their arrival.
 */
public interface UpsertOrder {

    /**
     * In the caller's transaction, records {@code signedAt} for each of {@code records} that has
     * seen no upsert signed later, and holds each of them until the transaction ends, so that
     * upserts of one record are ordered. Answers the records that had: those are stale for this
     * upsert and keep their time. A record not seen before is in order.
     */
    Set<PartnerRecord> advance(TenantScope scope, Instant signedAt, List<PartnerRecord> records);
}
