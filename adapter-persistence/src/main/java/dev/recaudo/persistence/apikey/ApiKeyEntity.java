package dev.recaudo.persistence.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A row of {@code api_keys}. Revocation and the last-use stamp are conditional set-based updates
 * (native); everything else is written once, by the insert.
 */
@Entity
@Table(name = "api_keys")
public class ApiKeyEntity {

    @Id
    public UUID id;

    @Column(name = "lineage_id")
    public UUID lineageId;

    @Column(name = "company_id")
    public UUID companyId;

    public String name;

    @Column(name = "key_prefix")
    public String keyPrefix;

    @Column(name = "key_hash")
    public String keyHash;

    /** Wire names, sorted; a name this version does not know is skipped when read. */
    @Column(columnDefinition = "text[]")
    public String[] permissions;

    public String source;

    public String environment;

    @Column(name = "rate_limit_rpm")
    public int rateLimitRpm;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "revoked_at", insertable = false, updatable = false)
    public Instant revokedAt;

    @Column(name = "last_used_at", insertable = false, updatable = false)
    public Instant lastUsedAt;

    static ApiKeyEntity of(ApiKey key) {
        ApiKeyEntity entity = new ApiKeyEntity();
        entity.id = key.id().value();
        entity.lineageId = key.lineage().value();
        entity.companyId = key.companyId().value();
        entity.name = key.name();
        entity.keyPrefix = key.keyPrefix();
        entity.keyHash = key.keyHash();
        entity.permissions = key.permissions().stream().map(Permission::wireName).sorted().toArray(String[]::new);
        entity.source = key.source().orElse(null);
        entity.environment = key.environment().wireName();
        entity.rateLimitRpm = key.rateLimitRpm();
        entity.createdAt = key.createdAt();
        return entity;
    }

    ApiKey toDomain() {
        Set<Permission> granted = EnumSet.noneOf(Permission.class);
        Arrays.stream(permissions).map(Permission::fromWireName).flatMap(Optional::stream).forEach(granted::add);
        return new ApiKey(new ApiKeyId(id), new ApiKeyId(lineageId), new CompanyId(companyId), name, keyPrefix, keyHash,
                granted, Optional.ofNullable(source), KeyEnvironment.fromWireName(environment).orElseThrow(), rateLimitRpm,
                createdAt, Optional.ofNullable(revokedAt), Optional.ofNullable(lastUsedAt));
    }
}
