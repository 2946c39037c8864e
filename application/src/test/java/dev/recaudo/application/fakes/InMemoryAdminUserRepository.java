package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.AdminUserRepository;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.CompanyId;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A company's people by e-mail; the e-mail is unique, as the database constraint makes it. */
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
    public List<AdminUser> list(CompanyId companyId) {
        return usersByEmail.values().stream().filter(user -> user.companyId().equals(companyId))
                .sorted(Comparator.comparing(AdminUser::email)).toList();
    }

    @Override
    public void changeRole(CompanyId companyId, AdminUserId id, UserRole role) {
        find(companyId, id).ifPresent(user -> usersByEmail.put(user.email(), new AdminUser(user.id(), user.companyId(), user.email(),
                user.passwordHash(), role, user.createdAt())));
    }

    @Override
    public void changePasswordHash(CompanyId companyId, AdminUserId id, String passwordHash) {
        find(companyId, id).ifPresent(user -> usersByEmail.put(user.email(), new AdminUser(user.id(), user.companyId(), user.email(),
                passwordHash, user.role(), user.createdAt())));
    }

    @Override
    public void remove(CompanyId companyId, AdminUserId id) {
        find(companyId, id).ifPresent(user -> usersByEmail.remove(user.email()));
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
