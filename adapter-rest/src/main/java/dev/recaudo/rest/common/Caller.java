package dev.recaudo.rest.common;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;

/**
 * Who is calling in this request, as the credential filter established it, and the rate-limit
 * decision that the response headers report. Resources read it; only filters write it.
 */
@RequestScoped
public class Caller {

    private KeyPrincipal key;
    private AdminPrincipal admin;
    private RateLimitDecision rateLimit;
    private String refusalName;
    private String outcome;
    private String outcomeDetail;

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
    }

    public void authenticated(AdminPrincipal principal) {
        this.admin = principal;
    }

    public void rateLimited(RateLimitDecision decision) {
        this.rateLimit = decision;
    }

    /** The name a refusal of this request is remembered under: its credential on its operation. */
    public void refusalName(String name) {
        this.refusalName = name;
    }

    public Optional<String> refusalName() {
        return Optional.ofNullable(refusalName);
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

    public Optional<KeyPrincipal> keyIfAuthenticated() {
        return Optional.ofNullable(key);
    }
}
