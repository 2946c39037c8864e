package dev.recaudo.domain.job;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** Work that outlives the request that asked for it, run by whichever instance claims it. */
public record Job(UUID id, TenantScope scope, JobKind kind, String source, Instant createdAt) {

    public Job {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    public enum JobKind {
        /** Annul every pending document of a partner (DELETE /v1/invoices). */
        ANNUL_PENDING_DOCUMENTS
    }
}
