package dev.recaudo.application.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.util.Optional;

/**
 * Administrators are looked up on every login and every token use, with no cache, so that an
 * operator disabling a company closes its administration on the very next request.
 */
public final class AdminAuthenticationService implements AdminAuthenticationUseCase {

    private static final AdminAuthentication INVALID = new AdminAuthentication.Rejected(AdminRejection.INVALID_CREDENTIALS);

    private final AdminUserRepository admins;
    private final CompanyRepository companies;
    private final PasswordHasher passwordHasher;
    /** Checked when the e-mail is unknown, so both failures take the same time. */
    private final String decoyHash;

    public AdminAuthenticationService(AdminUserRepository admins, CompanyRepository companies, PasswordHasher passwordHasher) {
        this.admins = admins;
        this.companies = companies;
        this.passwordHasher = passwordHasher;
        this.decoyHash = passwordHasher.hash("decoy-password-never-matches");
    }

    @Override
    public AdminAuthentication authenticate(String email, String password) {
        if (email == null || password == null) {
            return INVALID;
        }
        Optional<AdminUser> user = admins.findByEmail(AdminUser.normalizeEmail(email));
        String hash = user.map(AdminUser::passwordHash).orElse(decoyHash);
        boolean matches = passwordHasher.matches(password, hash);
        return user.filter(u -> matches).map(this::admit).orElse(INVALID);
    }

    @Override
    public AdminAuthentication authenticateById(CompanyId companyId, AdminUserId adminUserId) {
        return admins.find(companyId, adminUserId).map(this::admit).orElse(INVALID);
    }

    /** A genuine administrator; admitted while the company is enabled. */
    private AdminAuthentication admit(AdminUser user) {
        Optional<Company> company = companies.find(user.companyId());
        if (company.isEmpty()) {
            return INVALID;
        }
        if (!company.get().enabled()) {
            return new AdminAuthentication.Rejected(AdminRejection.COMPANY_DISABLED);
        }
        return new AdminAuthentication.Authenticated(new AdminPrincipal(user.id(), user.companyId(), user.email(), user.role()));
    }
}
