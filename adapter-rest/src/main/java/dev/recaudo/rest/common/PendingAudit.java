package dev.recaudo.rest.common;

import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The audit record of a request before it is answered: the company it is filed under, who sent it,
 * the request id, the operation (method and route template) and the object it names. The family's
 * audit filter draws it up before the resource runs, so that a write whose work commits can file its
 * record in that same transaction ({@link IdempotentWrites}), and the filter files it after the answer
 * otherwise.
 */
public record PendingAudit(CompanyId company, AuditActor actor, String requestId, String operation,
        Optional<UUID> targetId) {

    public PendingAudit {
        Objects.requireNonNull(company, "company");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(targetId, "targetId");
    }

    /** The record of the request as it was answered; each call draws up a record of its own id. */
    public AuditRecord answered(int httpStatus, String outcome, Optional<String> detail, Instant at) {
        return new AuditRecord(UUID.randomUUID(), company, actor, requestId, operation, targetId, httpStatus, outcome,
                detail, at);
    }
}
