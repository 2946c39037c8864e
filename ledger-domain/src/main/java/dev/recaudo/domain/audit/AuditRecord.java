package dev.recaudo.domain.audit;

import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What happened to one write request: who sent it (key, and the partner it acts for), what it
 * asked (operation), and how it ended (HTTP status and outcome), findable by the request id the
 * caller was given. Request ids may be chosen by the client, so a record is found by its partner
 * and environment as well: one partner's id never reaches another partner's records.
 *
 * @param detail a text for the partner: it never names an internal class or carries a stack trace
 */
public record AuditRecord(
        UUID id,
        TenantScope scope,
        PartnerScope partner,
        String requestId,
        Optional<UUID> apiKeyId,
        String operation,
        int httpStatus,
        String outcome,
        Optional<String> detail,
        Instant createdAt) {

    public AuditRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(partner, "partner");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(apiKeyId, "apiKeyId");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
