package dev.recaudo.persistence.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
@StoreFailures
public class PgAdminUserRepository implements AdminUserRepository {

    @Inject
    NativeSql nativeSql;

    @Inject
    AdminUserEntities users;

    @Override
    public InsertOutcome insert(AdminUser user) {
        int inserted = nativeSql.update(
                "INSERT INTO admin_users (id, company_id, email, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?, ?)"
                        + " ON CONFLICT (email) DO NOTHING",
                user.id().value(),
                user.companyId().value(),
                user.email(),
                StoredPasswordHash.of(user.role(), user.passwordHash()),
                user.role().wireName(),
                user.createdAt());
        return inserted == 1 ? InsertOutcome.INSERTED : InsertOutcome.ALREADY_EXISTS;
    }

    @Override
    public Optional<AdminUser> findByEmail(String normalizedEmail) {
        return users.readByEmail(normalizedEmail);
    }

    @Override
    public Optional<AdminUser> find(CompanyId companyId, AdminUserId id) {
        return users.read(companyId, id);
    }

    @Override
    public List<AdminUser> list(CompanyId companyId) {
        return users.readAll(companyId);
    }

    /** The role, and the stored hash marked or unmarked to match it ({@link StoredPasswordHash}). */
    @Override
    public void changeRole(CompanyId companyId, AdminUserId id, UserRole role) {
        nativeSql.update("UPDATE admin_users SET role = ?, password_hash = CASE WHEN ? THEN ltrim(password_hash, ?)"
                + " ELSE ? || ltrim(password_hash, ?) END WHERE company_id = ? AND id = ?", role.wireName(), role == UserRole.ADMIN,
                StoredPasswordHash.NOT_AN_ADMINISTRATOR, StoredPasswordHash.NOT_AN_ADMINISTRATOR, StoredPasswordHash.NOT_AN_ADMINISTRATOR,
                companyId.value(), id.value());
    }

    @Override
    public void changePasswordHash(CompanyId companyId, AdminUserId id, String passwordHash) {
        nativeSql.update("UPDATE admin_users SET password_hash = CASE WHEN role = 'admin' THEN ? ELSE ? END WHERE company_id = ? AND id = ?",
                StoredPasswordHash.of(UserRole.ADMIN, passwordHash), StoredPasswordHash.of(UserRole.VIEWER, passwordHash),
                companyId.value(), id.value());
    }

    /** Their console sessions go with them ({@code ON DELETE CASCADE}); audit records keep their id. */
    @Override
    public void remove(CompanyId companyId, AdminUserId id) {
        nativeSql.update("DELETE FROM admin_users WHERE company_id = ? AND id = ?", companyId.value(), id.value());
    }
}
