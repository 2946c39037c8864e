package dev.recaudo.persistence.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class PgApiKeyRepository implements ApiKeyRepository {

    private final NativeSql nativeSql;
    private final ApiKeyEntities keys;

    PgApiKeyRepository(NativeSql nativeSql, ApiKeyEntities keys) {
        this.nativeSql = nativeSql;
        this.keys = keys;
    }

    @Override
    public void insert(ApiKey key) {
        keys.insert(key);
    }

    @Override
    public Optional<KeyWithCompany> findByHash(String keyHash) {
        return keys.readWithCompany("k.keyHash = ?1", keyHash);
    }

    @Override
    public Optional<KeyWithCompany> find(CompanyId companyId, ApiKeyId keyId) {
        return keys.readWithCompany("k.companyId = ?1 and k.id = ?2", companyId.value(), keyId.value());
    }

    @Override
    public List<ApiKey> listActive(CompanyId companyId) {
        return keys.readActive(companyId);
    }

    @Override
    public int countActive(CompanyId companyId) {
        return keys.countActive(companyId);
    }

    @Override
    public boolean revoke(CompanyId companyId, ApiKeyId keyId, Instant now) {
        return nativeSql.update(
                        "UPDATE api_keys SET revoked_at = ? WHERE company_id = ? AND id = ? AND revoked_at IS NULL",
                        now,
                        companyId.value(),
                        keyId.value())
                == 1;
    }

    @Override
    public void recordUse(ApiKeyId keyId, Instant now) {
        nativeSql.update(
                "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
                now,
                keyId.value(),
                now.minus(ApiKey.LAST_USED_RESOLUTION));
    }
}
