package dev.recaudo.domain.admin;

import dev.recaudo.domain.common.InsertOutcome;
import java.util.Optional;

/** Port: where administrators are kept. */
public interface AdminUserRepository {

    /** Inserts unless the e-mail is already taken, which the store checks with a unique constraint. */
    InsertOutcome insert(AdminUser user);

    /** Looks up by the normalized (trimmed, lower-case) e-mail. */
    Optional<AdminUser> findByEmail(String normalizedEmail);
}
