package dev.recaudo.domain.apikey;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** Builds valid keys and lets a test change the one field it is about. */
final class ApiKeyFixture {

    static final Instant CREATED_AT = Instant.parse("2025-03-01T10:00:00Z");

    private String name = "Checkout server";
    private Set<Permission> permissions = Permission.DEFAULTS;
    private Optional<String> source = Optional.of("acme");
    private KeyEnvironment environment = KeyEnvironment.LIVE;
    private int rateLimitRpm = 60;
    private Optional<Instant> revokedAt = Optional.empty();

    private ApiKeyFixture() {}

    static ApiKeyFixture active() {
        return new ApiKeyFixture();
    }

    static ApiKeyFixture revoked() {
        return new ApiKeyFixture().revokedAt(CREATED_AT.plusSeconds(3_600));
    }

    ApiKeyFixture withName(String newName) {
        this.name = newName;
        return this;
    }

    ApiKeyFixture withPermissions(Set<Permission> newPermissions) {
        this.permissions = newPermissions;
        return this;
    }

    ApiKeyFixture withSource(Optional<String> newSource) {
        this.source = newSource;
        return this;
    }

    ApiKeyFixture withRateLimitRpm(int newRateLimitRpm) {
        this.rateLimitRpm = newRateLimitRpm;
        return this;
    }

    ApiKeyFixture revokedAt(Instant instant) {
        this.revokedAt = Optional.of(instant);
        return this;
    }

    ApiKey build() {
        ApiKeyId id = ApiKeyId.random();
        return new ApiKey(
                id,
                id,
                CompanyId.random(),
                name,
                "rk_live_abcd",
                "0".repeat(64),
                permissions,
                source,
                environment,
                rateLimitRpm,
                CREATED_AT,
                revokedAt,
                Optional.empty());
    }
}
