package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The audit trail in memory. A record filed with the work is rolled back with it, as the same
 * transaction would roll it back; one filed on its own stays, whatever becomes of the work around it.
 */
public final class InMemoryAuditLog implements AuditLog, TransactionalFake {

    private List<AuditRecord> withWork = new ArrayList<>();
    private final List<AuditRecord> onTheirOwn = new ArrayList<>();

    @Override
    public void record(AuditRecord record) {
        onTheirOwn.add(record);
    }

    @Override
    public void recordWithWork(AuditRecord record) {
        withWork.add(record);
    }

    @Override
    public Runnable captureRollback() {
        List<AuditRecord> saved = new ArrayList<>(withWork);
        return () -> withWork = saved;
    }

    /** Every record kept, whichever way it was filed. */
    public List<AuditRecord> records() {
        List<AuditRecord> all = new ArrayList<>(withWork);
        all.addAll(onTheirOwn);
        return List.copyOf(all);
    }

    @Override
    public List<AuditRecord> byRequestId(TenantScope scope, PartnerScope partner, String requestId) {
        return records().stream()
                .filter(record -> record.company().equals(scope.companyId()) && record.requestId().equals(requestId)
                        && record.actor() instanceof AuditActor.PartnerKey key && key.partner().equals(partner)
                        && key.environment() == scope.environment())
                .sorted(Comparator.comparing(AuditRecord::createdAt))
                .toList();
    }

    @Override
    public AdministrationPage administration(CompanyId company, AdministrationFilter filter, Optional<Position> after, int limit) {
        List<AuditRecord> page = records().stream()
                .filter(record -> record.company().equals(company) && !(record.actor() instanceof AuditActor.PartnerKey))
                .filter(record -> filter.person().isEmpty() || (record.actor() instanceof AuditActor.Administrator admin
                        && admin.adminUserId().equals(filter.person().get())))
                .filter(record -> filter.operation().map(text -> record.operation().toLowerCase(Locale.ROOT)
                        .contains(text.toLowerCase(Locale.ROOT))).orElse(true))
                .filter(record -> filter.from().map(from -> !record.createdAt().isBefore(from)).orElse(true))
                .filter(record -> filter.until().map(record.createdAt()::isBefore).orElse(true))
                .sorted(Comparator.comparing(AuditRecord::createdAt).thenComparing(AuditRecord::id).reversed())
                .filter(record -> after.isEmpty() || record.createdAt().isBefore(after.get().createdAt()))
                .toList();
        return new AdministrationPage(page.subList(0, Math.min(limit, page.size())), page.size() > limit);
    }
}
