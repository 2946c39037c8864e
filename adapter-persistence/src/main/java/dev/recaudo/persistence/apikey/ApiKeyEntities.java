package dev.recaudo.persistence.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyRepository.KeyWithCompany;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * API keys through the session. Keys are only read here (never kept: revocation and the last-use
 * stamp are native updates), each with its company's state in the same statement.
 */
@ApplicationScoped
class ApiKeyEntities implements PanacheRepositoryBase<ApiKeyEntity, UUID> {

    private static final String WITH_COMPANY = "select k, c.enabled, c.referenceCurrency from ApiKeyEntity k, CompanyEntity c"
            + " where c.id = k.companyId and ";

    void insert(ApiKey key) {
        persist(ApiKeyEntity.of(key));
        NativeSql.flush(getSession());
    }

    Optional<KeyWithCompany> readWithCompany(String condition, Object... parameters) {
        var query = getSession().createSelectionQuery(WITH_COMPANY + condition, Object[].class);
        for (int i = 0; i < parameters.length; i++) {
            query.setParameter(i + 1, parameters[i]);
        }
        return query.uniqueResultOptional().map(row -> {
            ApiKeyEntity key = (ApiKeyEntity) row[0];
            getSession().detach(key);
            return new KeyWithCompany(key.toDomain(), (Boolean) row[1],
                    Optional.ofNullable((String) row[2]).map(CurrencyCode::valueOf));
        });
    }

    List<ApiKey> readActive(CompanyId companyId) {
        List<ApiKeyEntity> keys = list("companyId = ?1 and revokedAt is null", Sort.by("createdAt").and("id"),
                companyId.value());
        keys.forEach(getSession()::detach);
        return keys.stream().map(ApiKeyEntity::toDomain).toList();
    }

    int countActive(CompanyId companyId) {
        return Math.toIntExact(count("companyId = ?1 and revokedAt is null", companyId.value()));
    }
}
