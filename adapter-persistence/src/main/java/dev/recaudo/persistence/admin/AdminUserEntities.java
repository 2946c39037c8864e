package dev.recaudo.persistence.admin;

import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Administrators through the session, read without locks ({@link SessionRows}). */
@ApplicationScoped
class AdminUserEntities implements PanacheRepositoryBase<AdminUserEntity, UUID> {

    Optional<AdminUser> readByEmail(String normalizedEmail) {
        return read(find("email", normalizedEmail).singleResultOptional());
    }

    Optional<AdminUser> read(CompanyId companyId, AdminUserId id) {
        return read(find("companyId = ?1 and id = ?2", companyId.value(), id.value()).singleResultOptional());
    }

    List<AdminUser> readAll(CompanyId companyId) {
        return list("companyId = ?1 order by email", companyId.value()).stream()
                .map(row -> read(Optional.of(row)).orElseThrow()).toList();
    }

    private Optional<AdminUser> read(Optional<AdminUserEntity> entity) {
        return SessionRows.released(getSession(), entity).map(AdminUserEntity::toDomain);
    }
}
