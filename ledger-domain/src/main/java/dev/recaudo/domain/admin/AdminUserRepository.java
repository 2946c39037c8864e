package dev.recaudo.domain.admin;

import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import java.util.Optional;

/** Port: where administrators are kept. */
public interface AdminUserRepository {

    /** Inserts unless the e-mail is already taken, which the store checks with a unique constraint. */
    InsertOutcome insert(AdminUser user);

    /** Looks up by the normalized (trimmed, lower-case) e-mail. */
    Optional<AdminUser> findByEmail(String normalizedEmail);

    /** The administrator with this id, when it belongs to this company. */
    Optional<AdminUser> find(CompanyId companyId, AdminUserId id);
}
