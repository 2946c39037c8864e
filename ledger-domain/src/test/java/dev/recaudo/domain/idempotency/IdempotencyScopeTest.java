package dev.recaudo.domain.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdempotencyScopeTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CompanyId company = CompanyId.random();

    private ApiKey key(Optional<String> source, KeyEnvironment environment) {
        ApiKeySpec spec = new ApiKeySpec("key", Permission.DEFAULTS, source, environment, 60);
        return ApiKey.issue(ApiKeyId.random(), company, spec, ApiKeySecret.generate(environment, RANDOM), NOW);
    }

    @Test
    void givenKeysOfOneSource_whenScoping_thenOnePartnerNamedBySource() {
        IdempotencyScope first = IdempotencyScope.of(key(Optional.of("erp"), KeyEnvironment.LIVE));
        IdempotencyScope second = IdempotencyScope.of(key(Optional.of("erp"), KeyEnvironment.LIVE));

        assertThat(first).isEqualTo(second);
        assertThat(first.partnerName()).isEqualTo("source:erp");
        assertThat(first.tenant().companyId()).isEqualTo(company);
    }

    @Test
    void givenKeysOfTwoSourcesOrEnvironments_whenScoping_thenDifferentScopes() {
        IdempotencyScope live = IdempotencyScope.of(key(Optional.of("erp"), KeyEnvironment.LIVE));

        assertThat(IdempotencyScope.of(key(Optional.of("other"), KeyEnvironment.LIVE))).isNotEqualTo(live);
        assertThat(IdempotencyScope.of(key(Optional.of("erp"), KeyEnvironment.TEST))).isNotEqualTo(live);
    }
}
