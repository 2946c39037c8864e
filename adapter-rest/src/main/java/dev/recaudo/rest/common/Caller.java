package dev.recaudo.rest.common;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;
import java.util.UUID;

/**
 * Who is calling in this request, as the credential filter established it (also named on the
 * request's log lines from then on: {@link RequestIds#identify}), and the rate-limit decision that
 * the response headers report. Filters write who is calling; resources add only what
 * the audit trail records of the answer (outcome, the id of the object they created), and only
 * outside a unit of work that may be run again: a write's outcome travels in its
 * {@link IdempotentWrites.Reply} instead, so that a run rolled back after a lock race leaves nothing here.
 */
@RequestScoped
public class Caller {

    private KeyPrincipal key;
    private AdminPrincipal admin;
    private boolean operator;
    private RateLimitDecision rateLimit;
    private String outcome;
    private String outcomeDetail;
    private UUID resultId;
    private PendingAudit pendingAudit;
    private boolean auditRecorded;

    public KeyPrincipal key() {
        if (key == null) {
            throw new IllegalStateException("no API key was authenticated for this request");
        }
        return key;
    }

    public AdminPrincipal admin() {
        if (admin == null) {
            throw new IllegalStateException("no administrator was authenticated for this request");
        }
        return admin;
    }

    public Optional<RateLimitDecision> rateLimit() {
        return Optional.ofNullable(rateLimit);
    }

    public void authenticated(KeyPrincipal principal) {
        this.key = principal;
        RequestIds.identify(principal.companyId().value(), Optional.of(principal.key().id().value()));
    }

    public void authenticated(AdminPrincipal principal) {
        this.admin = principal;
        RequestIds.identify(principal.companyId().value(), Optional.empty());
    }

    /** The platform operator's token was presented and matched. */
    public void authenticatedAsOperator() {
        this.operator = true;
    }

    public boolean isOperator() {
        return operator;
    }

    public Optional<AdminPrincipal> adminIfAuthenticated() {
        return Optional.ofNullable(admin);
    }

    public void rateLimited(RateLimitDecision decision) {
        this.rateLimit = decision;
    }

    /** The business outcome of the request, for the audit trail (for example a payment status). */
    public void outcome(String outcome, String detail) {
        this.outcome = outcome;
        this.outcomeDetail = detail;
    }

    public Optional<String> outcome() {
        return Optional.ofNullable(outcome);
    }

    public Optional<String> outcomeDetail() {
        return Optional.ofNullable(outcomeDetail);
    }

    /** The object the request created or found, for the audit trail when its path does not name it. */
    public void resultId(UUID id) {
        this.resultId = id;
    }

    public Optional<UUID> resultId() {
        return Optional.ofNullable(resultId);
    }

    public Optional<KeyPrincipal> keyIfAuthenticated() {
        return Optional.ofNullable(key);
    }

    /** The audit record this request will leave, but for its answer, as the family's audit filter drew it up. */
    public void auditPending(PendingAudit audit) {
        this.pendingAudit = audit;
    }

    public Optional<PendingAudit> pendingAudit() {
        return Optional.ofNullable(pendingAudit);
    }

    /** The request's record was written with its work, in the work's committed transaction. */
    public void auditRecordedWithWork() {
        this.auditRecorded = true;
    }

    /** Whether the audit filter is to write nothing more for this request. */
    public boolean isAuditRecordedWithWork() {
        return auditRecorded;
    }
}
