package dev.recaudo.domain.apikey;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: where keys are kept. Keys are found by the hash of their text, never by the text. */
public interface ApiKeyRepository {

    void insert(ApiKey key);

    /** The key with this hash, active or revoked, together with the state of its company. */
    Optional<KeyWithCompany> findByHash(String keyHash);

    Optional<KeyWithCompany> find(CompanyId companyId, ApiKeyId keyId);

    List<ApiKey> listActive(CompanyId companyId);

    int countActive(CompanyId companyId);

    /** Marks the key revoked; answers false when it was not active. */
    boolean revoke(CompanyId companyId, ApiKeyId keyId, Instant now);

    /** Records a use, unless another instance recorded one within {@link ApiKey#LAST_USED_RESOLUTION}. */
    void recordUse(ApiKeyId keyId, Instant now);

    /** A key and the two facts about its company that every request needs. */
    record KeyWithCompany(ApiKey key, boolean companyEnabled, Optional<CurrencyCode> companyReferenceCurrency) {}
}
