package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Administrators by e-mail; the e-mail is unique, as the database constraint makes it. */
public final class InMemoryAdminUserRepository implements AdminUserRepository, TransactionalFake {

    private Map<String, AdminUser> usersByEmail = new LinkedHashMap<>();

    @Override
    public InsertOutcome insert(AdminUser user) {
        return usersByEmail.putIfAbsent(user.email(), user) == null ? InsertOutcome.INSERTED : InsertOutcome.ALREADY_EXISTS;
    }

    @Override
    public Optional<AdminUser> findByEmail(String normalizedEmail) {
        return Optional.ofNullable(usersByEmail.get(normalizedEmail));
    }

    @Override
    public Optional<AdminUser> find(CompanyId companyId, AdminUserId id) {
        return usersByEmail.values().stream()
                .filter(user -> user.companyId().equals(companyId) && user.id().equals(id))
                .findFirst();
    }

    @Override
    public Runnable captureRollback() {
        Map<String, AdminUser> saved = new LinkedHashMap<>(usersByEmail);
        return () -> usersByEmail = saved;
    }

    /** Stores an administrator as a test's starting point and answers it. */
    public AdminUser given(AdminUser user) {
        if (insert(user) != InsertOutcome.INSERTED) {
            throw new IllegalStateException("e-mail " + user.email() + " is taken already");
        }
        return user;
    }

    public List<AdminUser> all() {
        return List.copyOf(usersByEmail.values());
    }
}
