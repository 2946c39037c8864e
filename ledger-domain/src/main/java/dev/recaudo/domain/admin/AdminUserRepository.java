package dev.recaudo.domain.admin;

import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import java.util.List;
import java.util.Optional;

/** Port: where a company's people are kept. */
public interface AdminUserRepository {

    /** Inserts unless the e-mail is already taken, which the store checks with a unique constraint. */
    InsertOutcome insert(AdminUser user);

    /** Looks up by the normalized (trimmed, lower-case) e-mail. */
    Optional<AdminUser> findByEmail(String normalizedEmail);

    /** The person with this id, when of this company. */
    Optional<AdminUser> find(CompanyId companyId, AdminUserId id);

    /** A company's people, by e-mail. */
    List<AdminUser> list(CompanyId companyId);

    void changeRole(CompanyId companyId, AdminUserId id, UserRole role);

    void changePasswordHash(CompanyId companyId, AdminUserId id, String passwordHash);

    /** Removes a person, and with them their console sessions. */
    void remove(CompanyId companyId, AdminUserId id);
}
