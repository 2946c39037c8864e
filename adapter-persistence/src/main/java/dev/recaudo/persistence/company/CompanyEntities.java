package dev.recaudo.persistence.company;

import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Companies through the session, which keeps only the companies this transaction has locked ({@link SessionRows}). */
@ApplicationScoped
class CompanyEntities implements PanacheRepositoryBase<CompanyEntity, UUID> {

    void insert(Company company) {
        persist(CompanyEntity.of(company));
        NativeSql.flush(getSession());
    }

    Optional<Company> read(CompanyId id) {
        return SessionRows.released(getSession(), findByIdOptional(id.value())).map(CompanyEntity::toDomain);
    }

    Optional<Company> lock(CompanyId id) {
        return findByIdOptional(id.value(), LockModeType.PESSIMISTIC_WRITE).map(CompanyEntity::toDomain);
    }

    void write(Company company, Instant now) {
        CompanyEntity entity = findByIdOptional(company.id().value())
                .orElseThrow(() -> new IllegalStateException("company " + company.id() + " vanished while locked"));
        entity.takeChangesOf(company, now);
        NativeSql.flush(getSession());
    }
}
