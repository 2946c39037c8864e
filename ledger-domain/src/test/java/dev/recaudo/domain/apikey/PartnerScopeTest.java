package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartnerScopeTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void givenKeysOfOneSource_whenScoped_thenOnePartnerNamedBySource() {
        ApiKey first = ApiKeyFixture.active().withSource(Optional.of("acme")).build();
        ApiKey second = ApiKeyFixture.active().withSource(Optional.of("acme")).build();

        assertThat(PartnerScope.of(first)).isEqualTo(PartnerScope.of(second));
        assertThat(PartnerScope.of(first).name()).isEqualTo("source:acme");
    }

    @Test
    void givenKeyWithoutSource_whenRotated_thenTheReplacementKeepsThePartnerAndOtherKeysDoNot() {
        ApiKey original = ApiKeyFixture.active().withSource(Optional.empty()).build();
        ApiKey replacement = original.successor(ApiKeyId.random(), ApiKeySecret.generate(original.environment(), RANDOM), NOW);
        ApiKey another = ApiKeyFixture.active().withSource(Optional.empty()).build();

        assertThat(PartnerScope.of(replacement)).isEqualTo(PartnerScope.of(original));
        assertThat(PartnerScope.of(original).name()).isEqualTo("lineage:" + original.lineage().value());
        assertThat(PartnerScope.of(another)).isNotEqualTo(PartnerScope.of(original));
    }

    @Test
    void givenSourceSpelledLikeALineage_whenScoped_thenNotThatLineage() {
        ApiKey sourceless = ApiKeyFixture.active().withSource(Optional.empty()).build();
        ApiKey impostor = ApiKeyFixture.active().withSource(Optional.of("lineage:" + sourceless.lineage().value())).build();

        assertThat(PartnerScope.of(impostor).name()).isNotEqualTo(PartnerScope.of(sourceless).name());
    }
}
