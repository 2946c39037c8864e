package dev.recaudo.domain.audit;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: the audit trail. A request's record is written with its work when the work commits
 * ({@link #recordWithWork}), and in a transaction of its own otherwise ({@link #record}), so a request
 * that failed and rolled back still leaves its record, and each request leaves exactly one.
 */
public interface AuditLog {

    /**
     * Files the record under its company in a transaction of its own, whatever becomes of the
     * request's; a record naming a company that does not exist is not kept.
     */
    void record(AuditRecord record);

    /**
     * Files the record in the active transaction, the one of the work it records: it is kept exactly
     * when that work commits. A record naming a company that does not exist is not kept.
     */
    void recordWithWork(AuditRecord record);

    /** The records one partner left in one environment under a request id, oldest first. */
    List<AuditRecord> byRequestId(TenantScope scope, PartnerScope partner, String requestId);

    /**
     * The company's administration trail (its administrators' and the operator's records), newest
     * first, after {@code after} when it is given; never a partner key's record.
     */
    AdministrationPage administration(CompanyId company, AdministrationFilter filter, Optional<Position> after, int limit);

    /**
     * What a reader of the trail narrows it to: one person's records, operations whose name contains
     * a text (case-insensitive), records from one moment (inclusive) to another (exclusive).
     */
    record AdministrationFilter(Optional<AdminUserId> person, Optional<String> operation, Optional<Instant> from,
            Optional<Instant> until) {

        public AdministrationFilter {
            Objects.requireNonNull(person, "person");
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
        }

        public static AdministrationFilter none() {
            return new AdministrationFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }
    }

    /** A place in the administration trail: the last record of the page before. */
    record Position(Instant createdAt, UUID id) {
        public Position {
            Objects.requireNonNull(createdAt, "createdAt");
            Objects.requireNonNull(id, "id");
        }
    }

    record AdministrationPage(List<AuditRecord> records, boolean hasMore) {
        public AdministrationPage {
            records = List.copyOf(records);
        }
    }
}
