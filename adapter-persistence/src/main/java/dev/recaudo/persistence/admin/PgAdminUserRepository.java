package dev.recaudo.persistence.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
                "INSERT INTO admin_users (id, company_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)"
                        + " ON CONFLICT (email) DO NOTHING",
                user.id().value(),
                user.companyId().value(),
                user.email(),
                user.passwordHash(),
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
}
