package dev.recaudo.rest.audit;

import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditLog;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.common.ClientText;
import dev.recaudo.rest.common.LoggedFailure;
import dev.recaudo.rest.common.PendingAudit;
import dev.recaudo.rest.common.RequestIds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Writes the audit record of one answered request in a transaction of its own, for the integrations
 * and the administration filters alike. The answer is already decided: a record that cannot be
 * written is logged under the request id, never turned into the caller's error.
 */
@ApplicationScoped
public class AuditWriter {

    private static final Logger LOG = Logger.getLogger(AuditWriter.class);

    private final AuditLog audit;
    private final Clock clock;

    public AuditWriter(AuditLog audit, Clock clock) {
        this.audit = audit;
        this.clock = clock;
    }

    /** What the filter knows of the request's answer: its status, outcome and detail. */
    public record Answer(int httpStatus, String outcome, Optional<String> detail) {}

    public void write(ContainerRequestContext request, CompanyId company, AuditActor actor, String operation,
            Optional<UUID> targetId, Answer answer) {
        try {
            write(new PendingAudit(company, actor, request.getHeaderString(RequestIds.HEADER), operation, targetId), answer);
        } catch (RuntimeException e) {
            LOG.errorf(LoggedFailure.of(e), "could not write the audit record of %s", ClientText.forLog(operation));
        }
    }

    /** The record a filter drew up before the request ran, with its answer. */
    public void write(PendingAudit pending, Answer answer) {
        try {
            audit.record(pending.answered(answer.httpStatus(), answer.outcome(), answer.detail(), clock.instant()));
        } catch (RuntimeException e) {
            LOG.errorf(LoggedFailure.of(e), "could not write the audit record of %s", ClientText.forLog(pending.operation()));
        }
    }
}
