package dev.recaudo.application.idempotency;

import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import java.util.Objects;
import java.util.Optional;

/**
 * What one run of a request's work answers: the response to send, stored for replay when it succeeds,
 * and the audit record of the request, drawn up by the run itself. {@link IdempotentExecution} writes
 * the record in the work's transaction just before the response is stored, so a request that commits
 * pays no transaction of its own for its record; a run that rolls back takes its record with it, and
 * the caller records the request on its own.
 *
 * @param audit none when the caller keeps no audit trail of the request
 */
public record WorkAnswer(StoredResponse response, Optional<AuditRecord> audit) {

    public WorkAnswer {
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(audit, "audit");
    }

    /** An answer whose request the caller does not audit. */
    public static WorkAnswer unaudited(StoredResponse response) {
        return new WorkAnswer(response, Optional.empty());
    }
}
