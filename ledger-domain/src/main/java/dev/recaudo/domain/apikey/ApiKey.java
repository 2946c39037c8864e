package dev.recaudo.domain.apikey;

import dev.recaudo.domain.company.CompanyId;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A company's credential for the partner-facing APIs. Only the SHA-256 of the key text is kept. A
 * key is active until it is revoked (directly or by rotation); revocation is final.
 *
 * @param lineage the id of the first key of the rotation chain this key belongs to: its own id when
 *     issued, copied to the replacement at rotation. It names the partner of a key without a source
 *     (see {@code IdempotencyScope}), so retries across a rotation still replay.
 * @param source the partner the key acts for; it must equal {@code provider} and {@code source} in
 *     request bodies. Keys without a source can read but cannot write partner documents.
 */
public record ApiKey(
        ApiKeyId id,
        ApiKeyId lineage,
        CompanyId companyId,
        String name,
        String keyPrefix,
        String keyHash,
        Set<Permission> permissions,
        Optional<String> source,
        KeyEnvironment environment,
        int rateLimitRpm,
        Instant createdAt,
        Optional<Instant> revokedAt,
        Optional<Instant> lastUsedAt) {

    public static final int NAME_LENGTH_MAX = 100;
    public static final int SOURCE_LENGTH_MAX = 64;
    /** The database refuses more (a CHECK on {@code api_keys}); configuration may only lower it. */
    public static final int RATE_LIMIT_RPM_MAX = 100_000;
    /** {@code lastUsedAt} is informational; it is refreshed at most once a minute, keeping requests read-only. */
    public static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(lineage, "lineage");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        Objects.requireNonNull(keyHash, "keyHash");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(revokedAt, "revokedAt");
        Objects.requireNonNull(lastUsedAt, "lastUsedAt");
        if (name == null || name.isBlank() || name.length() > NAME_LENGTH_MAX) {
            throw new IllegalArgumentException("key name must have 1 to " + NAME_LENGTH_MAX + " characters");
        }
        if (source.filter(s -> s.isBlank() || s.length() > SOURCE_LENGTH_MAX).isPresent()) {
            throw new IllegalArgumentException("key source must have 1 to " + SOURCE_LENGTH_MAX + " characters");
        }
        if (rateLimitRpm < 1 || rateLimitRpm > RATE_LIMIT_RPM_MAX) {
            throw new IllegalArgumentException("rateLimitRpm must be between 1 and " + RATE_LIMIT_RPM_MAX);
        }
        permissions = permissions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(permissions));
    }

    /** A new active key for the given secret, the first of its lineage. */
    public static ApiKey issue(
            ApiKeyId id,
            CompanyId companyId,
            ApiKeySpec spec,
            ApiKeySecret secret,
            Instant now) {
        return issue(id, id, companyId, spec, secret, now);
    }

    /** The key that replaces this one at rotation: a new id and secret, the same spec and lineage. */
    public ApiKey successor(ApiKeyId successorId, ApiKeySecret secret, Instant now) {
        return issue(successorId, lineage, companyId, spec(), secret, now);
    }

    private static ApiKey issue(
            ApiKeyId id,
            ApiKeyId lineage,
            CompanyId companyId,
            ApiKeySpec spec,
            ApiKeySecret secret,
            Instant now) {
        return new ApiKey(
                id,
                lineage,
                companyId,
                spec.name(),
                secret.prefix(),
                secret.sha256Hex(),
                spec.permissions(),
                spec.source(),
                spec.environment(),
                spec.rateLimitRpm(),
                now,
                Optional.empty(),
                Optional.empty());
    }

    public boolean isActive() {
        return revokedAt.isEmpty();
    }

    /** Whether a use at {@code now} should be written, or the recorded one is recent enough. */
    public boolean lastUseStale(Instant now) {
        return lastUsedAt.map(last -> last.isBefore(now.minus(LAST_USED_RESOLUTION))).orElse(true);
    }

    public boolean allows(Permission permission) {
        return permissions.contains(permission);
    }

    /** What a rotation must carry over to the replacement key. */
    public ApiKeySpec spec() {
        return new ApiKeySpec(name, permissions, source, environment, rateLimitRpm);
    }
}
