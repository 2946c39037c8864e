package dev.recaudo.persistence.admin;

import static dev.recaudo.persistence.common.NativeSql.instant;
import static dev.recaudo.persistence.common.NativeSql.uuid;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

@ApplicationScoped
public class PgAdminUserRepository implements AdminUserRepository {

    private static final String SELECT = "SELECT id, company_id, email, password_hash, created_at FROM admin_users";

    private final NativeSql nativeSql;

    public PgAdminUserRepository(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

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
        return nativeSql.queryOne(SELECT + " WHERE email = ?", PgAdminUserRepository::adminUser, normalizedEmail);
    }

    @Override
    public Optional<AdminUser> find(CompanyId companyId, AdminUserId id) {
        return nativeSql.queryOne(SELECT + " WHERE company_id = ? AND id = ?", PgAdminUserRepository::adminUser,
                companyId.value(), id.value());
    }

    private static AdminUser adminUser(ResultSet row) throws SQLException {
        return new AdminUser(
                new AdminUserId(uuid(row, "id")),
                new CompanyId(uuid(row, "company_id")),
                row.getString("email"),
                row.getString("password_hash"),
                instant(row, "created_at"));
    }
}
