package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keys in a map, in insertion order. The company facts of {@link KeyWithCompany} come from the
 * company repository, and a key whose company is missing is an error, as the foreign key makes it.
 */
public final class InMemoryApiKeyRepository implements ApiKeyRepository, TransactionalFake {

    private final CompanyRepository companies;
    private Map<ApiKeyId, ApiKey> keys = new LinkedHashMap<>();
    private List<RecordedUse> uses = new ArrayList<>();
    private int hashLookups;

    public InMemoryApiKeyRepository(CompanyRepository companies) {
        this.companies = companies;
    }

    /** One call of {@link #recordUse}. */
    public record RecordedUse(ApiKeyId keyId, Instant at) {}

    @Override
    public void insert(ApiKey key) {
        if (companies.find(key.companyId()).isEmpty()) {
            throw new IllegalStateException("company " + key.companyId() + " does not exist");
        }
        boolean hashTaken = keys.values().stream().anyMatch(k -> k.keyHash().equals(key.keyHash()));
        if (keys.containsKey(key.id()) || hashTaken) {
            throw new IllegalStateException("key " + key.id() + " or its hash exists already");
        }
        keys.put(key.id(), key);
    }

    @Override
    public Optional<KeyWithCompany> findByHash(String keyHash) {
        hashLookups++;
        return keys.values().stream().filter(k -> k.keyHash().equals(keyHash)).findFirst().map(this::withCompany);
    }

    @Override
    public Optional<KeyWithCompany> find(CompanyId companyId, ApiKeyId keyId) {
        return Optional.ofNullable(keys.get(keyId)).filter(k -> k.companyId().equals(companyId)).map(this::withCompany);
    }

    @Override
    public List<ApiKey> listActive(CompanyId companyId) {
        return keys.values().stream().filter(k -> k.companyId().equals(companyId) && k.isActive()).toList();
    }

    @Override
    public int countActive(CompanyId companyId) {
        return listActive(companyId).size();
    }

    @Override
    public boolean revoke(CompanyId companyId, ApiKeyId keyId, Instant now) {
        Optional<ApiKey> active =
                Optional.ofNullable(keys.get(keyId)).filter(k -> k.companyId().equals(companyId) && k.isActive());
        active.ifPresent(k -> keys.put(keyId, copy(k, Optional.of(now), k.lastUsedAt())));
        return active.isPresent();
    }

    @Override
    public void recordUse(ApiKeyId keyId, Instant now) {
        uses.add(new RecordedUse(keyId, now));
        ApiKey key = keys.get(keyId);
        if (key != null) {
            keys.put(keyId, copy(key, key.revokedAt(), Optional.of(now)));
        }
    }

    @Override
    public Runnable captureRollback() {
        Map<ApiKeyId, ApiKey> savedKeys = new LinkedHashMap<>(keys);
        List<RecordedUse> savedUses = new ArrayList<>(uses);
        return () -> {
            keys = savedKeys;
            uses = savedUses;
        };
    }

    /** Stores a key as a test's starting point and answers it. */
    public ApiKey given(ApiKey key) {
        insert(key);
        return key;
    }

    /** The stored state of a key, active or revoked. */
    public ApiKey get(ApiKeyId keyId) {
        ApiKey key = keys.get(keyId);
        if (key == null) {
            throw new AssertionError("no key " + keyId + " is stored");
        }
        return key;
    }

    /** Every key ever written, revoked ones included. */
    public List<ApiKey> all() {
        return List.copyOf(keys.values());
    }

    public List<RecordedUse> recordedUses() {
        return List.copyOf(uses);
    }

    /** How many times the store was asked to find a key by hash. */
    public int hashLookups() {
        return hashLookups;
    }

    private KeyWithCompany withCompany(ApiKey key) {
        Company company = companies.find(key.companyId())
                .orElseThrow(() -> new IllegalStateException("key " + key.id() + " has no company"));
        return new KeyWithCompany(key, company.enabled(), company.referenceCurrency());
    }

    private static ApiKey copy(ApiKey key, Optional<Instant> revokedAt, Optional<Instant> lastUsedAt) {
        return new ApiKey(
                key.id(),
                key.lineage(),
                key.companyId(),
                key.name(),
                key.keyPrefix(),
                key.keyHash(),
                key.permissions(),
                key.source(),
                key.environment(),
                key.rateLimitRpm(),
                key.createdAt(),
                revokedAt,
                lastUsedAt);
    }
}
