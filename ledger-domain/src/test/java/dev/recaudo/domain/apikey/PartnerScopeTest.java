package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartnerScopeTest {

    @Test
    void givenKeysOfOneSource_whenScoped_thenTheSamePartner() {
        ApiKey first = ApiKeyFixture.active().withSource(Optional.of("acme")).build();
        ApiKey second = ApiKeyFixture.active().withSource(Optional.of("acme")).build();

        assertThat(PartnerScope.of(first)).isEqualTo(PartnerScope.of(second));
        assertThat(PartnerScope.of(first).value()).isEqualTo("source:acme");
    }

    @Test
    void givenKeysWithoutSource_whenScoped_thenEachIsAPartnerOfItsOwn() {
        ApiKey first = ApiKeyFixture.active().withSource(Optional.empty()).build();
        ApiKey second = ApiKeyFixture.active().withSource(Optional.empty()).build();

        assertThat(PartnerScope.of(first)).isNotEqualTo(PartnerScope.of(second));
        assertThat(PartnerScope.of(first).value()).isEqualTo("key:" + first.id().value());
    }

    @Test
    void givenSourceSpelledLikeAKeyScope_whenScoped_thenNotThatKeysScope() {
        ApiKey sourceless = ApiKeyFixture.active().withSource(Optional.empty()).build();
        ApiKey impostor = ApiKeyFixture.active().withSource(Optional.of("key:" + sourceless.id().value())).build();

        assertThat(PartnerScope.of(impostor)).isNotEqualTo(PartnerScope.of(sourceless));
    }
}
