package dev.recaudo.persistence.apikey;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * API keys in native SQL: the lookup of a key with its company's state runs on every request, and
 * as an entity query it cost a tenth of a request's time (docs/performance.md), so keys stay native.
 */
@ApplicationScoped
@StoreFailures
public class PgApiKeyRepository implements ApiKeyRepository {

    private static final String KEY_COLUMNS = "k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions,"
            + " k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at";
    private static final String WITH_COMPANY = "SELECT " + KEY_COLUMNS
            + ", c.enabled AS company_enabled, c.reference_currency AS company_currency"
            + " FROM api_keys k JOIN companies c ON c.id = k.company_id";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(ApiKey key) {
        nativeSql.update(
                "INSERT INTO api_keys (id, lineage_id, company_id, name, key_prefix, key_hash, permissions, source,"
                        + " environment, rate_limit_rpm, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                key.id().value(),
                key.lineage().value(),
                key.companyId().value(),
                key.name(),
                key.keyPrefix(),
                key.keyHash(),
                new NativeSql.TextArray(key.permissions().stream().map(Permission::wireName).sorted().toList()),
                key.source().orElse(null),
                key.environment().wireName(),
                key.rateLimitRpm(),
                key.createdAt());
    }

    @Override
    public Optional<KeyWithCompany> findByHash(String keyHash) {
        return nativeSql.queryOne(WITH_COMPANY + " WHERE k.key_hash = ?", PgApiKeyRepository::keyWithCompany, keyHash);
    }

    @Override
    public Optional<KeyWithCompany> find(CompanyId companyId, ApiKeyId keyId) {
        return nativeSql.queryOne(
                WITH_COMPANY + " WHERE k.company_id = ? AND k.id = ?",
                PgApiKeyRepository::keyWithCompany,
                companyId.value(),
                keyId.value());
    }

    @Override
    public List<ApiKey> listActive(CompanyId companyId) {
        return nativeSql.query(
                "SELECT " + KEY_COLUMNS + " FROM api_keys k WHERE k.company_id = ? AND k.revoked_at IS NULL"
                        + " ORDER BY k.created_at, k.id",
                PgApiKeyRepository::key,
                companyId.value());
    }

    @Override
    public int countActive(CompanyId companyId) {
        return nativeSql.queryOne(
                        "SELECT count(*) FROM api_keys WHERE company_id = ? AND revoked_at IS NULL",
                        row -> row.getInt(1),
                        companyId.value())
                .orElse(0);
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

    private static KeyWithCompany keyWithCompany(ResultSet row) throws SQLException {
        return new KeyWithCompany(key(row), row.getBoolean("company_enabled"),
                Optional.ofNullable(row.getString("company_currency")).map(CurrencyCode::valueOf));
    }

    private static ApiKey key(ResultSet row) throws SQLException {
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        Arrays.stream((String[]) row.getArray("permissions").getArray())
                .map(Permission::fromWireName)
                .flatMap(Optional::stream)
                .forEach(permissions::add);
        return new ApiKey(
                new ApiKeyId(uuid(row, "id")),
                new ApiKeyId(uuid(row, "lineage_id")),
                new CompanyId(uuid(row, "company_id")),
                row.getString("name"),
                row.getString("key_prefix"),
                row.getString("key_hash"),
                permissions,
                Optional.ofNullable(row.getString("source")),
                KeyEnvironment.fromWireName(row.getString("environment")).orElseThrow(),
                row.getInt("rate_limit_rpm"),
                instant(row, "created_at"),
                optionalInstant(row, "revoked_at"),
                optionalInstant(row, "last_used_at"));
    }
}
