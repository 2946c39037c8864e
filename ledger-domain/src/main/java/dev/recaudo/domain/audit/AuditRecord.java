package dev.recaudo.domain.audit;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What happened to one audited request: the company it concerned, who sent it (a partner's key, an
 * administrator or the operator), what it asked (operation) and of which object (target), and how it
 * ended (HTTP status and outcome), findable by the request id the caller was given. Request ids may
 * be chosen by the client, so a partner finds a record by its partner and environment as well: one
 * partner's id never reaches another partner's records. A record never holds a secret, a key's text
 * or hash, or a password: only ids, names of operations and outcomes.
 *
 * @param targetId the object the request acted on or created, when it names one
 * @param detail a text for the reader: it never names an internal class or carries a stack trace
 */
public record AuditRecord(
        UUID id,
        CompanyId company,
        AuditActor actor,
        String requestId,
        String operation,
        Optional<UUID> targetId,
        int httpStatus,
        String outcome,
        Optional<String> detail,
        Instant createdAt) {

    public AuditRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(company, "company");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
