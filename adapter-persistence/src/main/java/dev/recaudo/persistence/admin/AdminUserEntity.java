package dev.recaudo.persistence.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.company.CompanyId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code admin_users}, read through the session; rows are inserted by a native
 * {@code ON CONFLICT (email)} statement, since the e-mail's uniqueness decides the answer.
 */
@Entity
@Table(name = "admin_users")
public class AdminUserEntity {

    @Id
    public UUID id;

    public UUID companyId;

    public String email;

    public String passwordHash;

    public String role;

    public Instant createdAt;

    AdminUser toDomain() {
        return new AdminUser(new AdminUserId(id), new CompanyId(companyId), email, StoredPasswordHash.read(passwordHash),
                WireNamed.find(UserRole.values(), role).orElseThrow(), createdAt);
    }
}
