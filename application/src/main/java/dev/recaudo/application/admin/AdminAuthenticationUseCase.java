package dev.recaudo.application.admin;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.CompanyId;

/** Inbound port of administrator authentication: the login, and the administrator a token names. */
public interface AdminAuthenticationUseCase {

    /** Checks e-mail and password; the caller cannot tell an unknown e-mail from a wrong password. */
    AdminAuthentication authenticate(String email, String password);

    /**
     * Checks, on every request, the administrator an admin token names: it must still be an
     * administrator of the company the token claims, and that company must be enabled.
     */
    AdminAuthentication authenticateById(CompanyId companyId, AdminUserId adminUserId);

    sealed interface AdminAuthentication {
        record Authenticated(AdminPrincipal admin) implements AdminAuthentication {}

        record Rejected(AdminRejection reason) implements AdminAuthentication {}
    }

    /**
     * In precedence order: the credentials are checked before the company, so only the rightful
     * administrator learns that the company is disabled.
     */
    enum AdminRejection {
        /** An unknown e-mail, a wrong password, or a token naming no administrator of its company. */
        INVALID_CREDENTIALS,
        /** A genuine administrator of a company the operator has disabled. */
        COMPANY_DISABLED
    }

    /** A person of a company, signed in: who, of which company, and what they may do. */
    record AdminPrincipal(AdminUserId adminUserId, CompanyId companyId, String email, UserRole role) {}
}
