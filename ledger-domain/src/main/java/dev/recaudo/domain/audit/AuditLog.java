package dev.recaudo.domain.audit;

import dev.recaudo.domain.company.CompanyId;
import java.util.List;

/**
 * Port: the audit trail. Records are written outside the request's transaction, so a request that
 * failed and rolled back still leaves its record.
 */
public interface AuditLog {

    void record(AuditRecord record);

    List<AuditRecord> byRequestId(CompanyId companyId, String requestId);
}
