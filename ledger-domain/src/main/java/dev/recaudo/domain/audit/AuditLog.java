package dev.recaudo.domain.audit;

import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.common.TenantScope;
import java.util.List;

/**
 * Port: the audit trail. Records are written outside the request's transaction, so a request that
 * failed and rolled back still leaves its record.
 */
public interface AuditLog {

    void record(AuditRecord record);

    /** The records one partner left in one environment under a request id, oldest first. */
    List<AuditRecord> byRequestId(TenantScope scope, PartnerScope partner, String requestId);
}
