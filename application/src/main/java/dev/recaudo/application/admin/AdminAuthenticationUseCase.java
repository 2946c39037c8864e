package dev.recaudo.application.admin;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.company.CompanyId;
import java.util.Optional;

/** Inbound port of the admin login: checks e-mail and password. */
public interface AdminAuthenticationUseCase {

    /** The administrator, or empty for any mismatch; the caller cannot tell which part was wrong. */
    Optional<AdminPrincipal> authenticate(String email, String password);

    record AdminPrincipal(AdminUserId adminUserId, CompanyId companyId, String email) {}
}
