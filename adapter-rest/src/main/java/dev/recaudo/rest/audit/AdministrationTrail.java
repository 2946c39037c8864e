package dev.recaudo.rest.audit;

import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.KeysetCursors;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.integration.Pagination;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Pages of a company's administration trail, as the administrator and the operator read them: newest
 * first, by cursor, sized within the integrations lists' bounds so that every cursor list of the
 * service pages alike.
 */
@ApplicationScoped
public class AdministrationTrail {

    private static final String LIST = "audit-records";

    private final AuditLog audit;
    private final Cursors cursors;
    private final RestSettings settings;

    public AdministrationTrail(AuditLog audit, Cursors cursors, RestSettings settings) {
        this.audit = audit;
        this.cursors = cursors;
        this.settings = settings;
    }

    /**
     * One audited call. {@code actor} is the administrator's user id, or {@code operator};
     * {@code targetId} the object acted on or created, when the call named one.
     */
    public record AuditRecordView(UUID id, String requestId, String actorKind, String actor, String operation,
            UUID targetId, int httpStatus, String outcome, String detail, Instant createdAt) {

        static AuditRecordView of(AuditRecord record) {
            String actor = record.actor() instanceof AuditActor.Administrator admin
                    ? admin.adminUserId().value().toString()
                    : record.actor().kind();
            return new AuditRecordView(record.id(), record.requestId(), record.actor().kind(), actor, record.operation(),
                    record.targetId().orElse(null), record.httpStatus(), record.outcome(), record.detail().orElse(null),
                    record.createdAt());
        }
    }

    public record AuditRecordPage(List<AuditRecordView> items, Pagination pagination) {}

    public AuditRecordPage page(CompanyId company, String cursor, String limit) {
        return page(company, AuditLog.AdministrationFilter.none(), cursor, limit);
    }

    /** A page of the records {@code filter} keeps; its cursor continues the same filter's list. */
    public AuditRecordPage page(CompanyId company, AuditLog.AdministrationFilter filter, String cursor, String limit) {
        int pageSize = QueryParams.pageSize("limit", limit, settings.pages().integrations());
        var after = KeysetCursors.open(cursors, LIST, cursor, false)
                .map(position -> new AuditLog.Position(position.at(), position.id()));
        AuditLog.AdministrationPage page = audit.administration(company, filter, after, pageSize);
        List<AuditRecordView> items = page.records().stream().map(AuditRecordView::of).toList();
        String next = KeysetCursors.next(cursors, LIST, items, page.hasMore(), AuditRecordView::createdAt, AuditRecordView::id);
        return new AuditRecordPage(items, new Pagination(pageSize, next, page.hasMore()));
    }
}
