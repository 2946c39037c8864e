package dev.recaudo.application.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.PasswordHasher;
import java.util.Optional;

public final class AdminAuthenticationService implements AdminAuthenticationUseCase {

    private final AdminUserRepository admins;
    private final PasswordHasher passwordHasher;
    /** Checked when the e-mail is unknown, so both failures take the same time. */
    private final String decoyHash;

    public AdminAuthenticationService(AdminUserRepository admins, PasswordHasher passwordHasher) {
        this.admins = admins;
        this.passwordHasher = passwordHasher;
        this.decoyHash = passwordHasher.hash("decoy-password-never-matches");
    }

    @Override
    public Optional<AdminPrincipal> authenticate(String email, String password) {
        if (email == null || password == null) {
            return Optional.empty();
        }
        Optional<AdminUser> user = admins.findByEmail(AdminUser.normalizeEmail(email));
        String hash = user.map(AdminUser::passwordHash).orElse(decoyHash);
        boolean matches = passwordHasher.matches(password, hash);
        return user.filter(u -> matches).map(u -> new AdminPrincipal(u.id(), u.companyId(), u.email()));
    }
}
