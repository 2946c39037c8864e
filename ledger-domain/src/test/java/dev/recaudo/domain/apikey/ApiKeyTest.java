package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

import dev.recaudo.domain.company.CompanyId;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyTest {

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t\n"})
    void givenMissingOrBlankName_whenBuilding_thenRefused(String name) {
        ApiKeyFixture fixture = ApiKeyFixture.active().withName(name);

        assertThatIllegalArgumentException().isThrownBy(fixture::build).withMessageContaining("name");
    }

    @Test
    void givenNameOfOneHundredAndOneCharacters_whenBuilding_thenRefused() {
        ApiKeyFixture fixture = ApiKeyFixture.active().withName("n".repeat(ApiKey.NAME_LENGTH_MAX + 1));

        assertThatIllegalArgumentException().isThrownBy(fixture::build).withMessageContaining("name");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, ApiKey.NAME_LENGTH_MAX})
    void givenNameAtEitherLengthBound_whenBuilding_thenAccepted(int length) {
        ApiKey key = ApiKeyFixture.active().withName("n".repeat(length)).build();

        assertThat(key.name()).hasSize(length);
    }

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, ApiKey.RATE_LIMIT_RPM_MAX + 1})
    void givenRateLimitOutsideOneToOneHundredThousand_whenBuilding_thenRefused(int rateLimitRpm) {
        ApiKeyFixture fixture = ApiKeyFixture.active().withRateLimitRpm(rateLimitRpm);

        assertThatIllegalArgumentException().isThrownBy(fixture::build).withMessageContaining("rateLimitRpm");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, ApiKey.RATE_LIMIT_RPM_MAX})
    void givenRateLimitAtEitherBound_whenBuilding_thenAccepted(int rateLimitRpm) {
        ApiKey key = ApiKeyFixture.active().withRateLimitRpm(rateLimitRpm).build();

        assertThat(key.rateLimitRpm()).isEqualTo(rateLimitRpm);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t"})
    void givenBlankSource_whenBuilding_thenRefused(String source) {
        ApiKeyFixture fixture = ApiKeyFixture.active().withSource(Optional.of(source));

        assertThatIllegalArgumentException().isThrownBy(fixture::build).withMessageContaining("source");
    }

    @Test
    void givenSourceOfSixtyFiveCharacters_whenBuilding_thenRefused() {
        ApiKeyFixture fixture =
                ApiKeyFixture.active().withSource(Optional.of("s".repeat(ApiKey.SOURCE_LENGTH_MAX + 1)));

        assertThatIllegalArgumentException().isThrownBy(fixture::build).withMessageContaining("source");
    }

    @Test
    void givenSourceOfSixtyFourCharacters_whenBuilding_thenAccepted() {
        String source = "s".repeat(ApiKey.SOURCE_LENGTH_MAX);

        ApiKey key = ApiKeyFixture.active().withSource(Optional.of(source)).build();

        assertThat(key.source()).contains(source);
    }

    @Test
    void givenNoSource_whenBuilding_thenAccepted() {
        assertThatNoException().isThrownBy(() -> ApiKeyFixture.active().withSource(Optional.empty()).build());
    }

    @Test
    void givenNoRevocation_whenAsked_thenActive() {
        assertThat(ApiKeyFixture.active().build().isActive()).isTrue();
    }

    @Test
    void givenRevocation_whenAsked_thenNotActive() {
        assertThat(ApiKeyFixture.revoked().build().isActive()).isFalse();
    }

    @Test
    void givenPermissions_whenAskingAllows_thenOnlyTheGrantedOnesAreAllowed() {
        ApiKey key = ApiKeyFixture.active()
                .withPermissions(Set.of(Permission.PAYMENTS_READ, Permission.CUSTOMERS_WRITE))
                .build();

        assertThat(key.allows(Permission.PAYMENTS_READ)).isTrue();
        assertThat(key.allows(Permission.CUSTOMERS_WRITE)).isTrue();
        assertThat(key.allows(Permission.PAYMENTS_CREATE)).isFalse();
        assertThat(key.allows(Permission.CUSTOMERS_READ)).isFalse();
    }

    @Test
    void givenNoPermissions_whenBuilding_thenKeyAllowsNothing() {
        ApiKey key = ApiKeyFixture.active().withPermissions(Set.of()).build();

        assertThat(key.permissions()).isEmpty();
        assertThat(EnumSet.allOf(Permission.class)).noneMatch(key::allows);
    }

    @Test
    void givenMutablePermissionSet_whenChangedAfterBuilding_thenKeyKeepsItsOwnCopy() {
        Set<Permission> permissions = EnumSet.of(Permission.PAYMENTS_READ);
        ApiKey key = ApiKeyFixture.active().withPermissions(permissions).build();

        permissions.add(Permission.CHECKOUT_WRITE);

        assertThat(key.permissions()).containsExactly(Permission.PAYMENTS_READ);
    }

    @Test
    void givenSpec_whenIssuing_thenKeyIsActiveAndCarriesTheSpecAndTheSecretsPrefixAndHash() {
        ApiKeySpec spec = new ApiKeySpec(
                "Collections bot",
                Set.of(Permission.COLLECTION_DOCUMENTS_READ, Permission.COLLECTION_DOCUMENTS_WRITE),
                Optional.of("partner-x"),
                KeyEnvironment.TEST,
                250);
        ApiKeySecret secret = ApiKeySecret.generate(KeyEnvironment.TEST, new SecureRandom());
        ApiKeyId id = ApiKeyId.random();
        CompanyId companyId = CompanyId.random();
        Instant now = Instant.parse("2025-06-30T23:59:59Z");

        ApiKey key = ApiKey.issue(id, companyId, spec, secret, now);

        assertThat(key.id()).isEqualTo(id);
        assertThat(key.companyId()).isEqualTo(companyId);
        assertThat(key.keyPrefix()).isEqualTo(secret.prefix());
        assertThat(key.keyHash()).isEqualTo(secret.sha256Hex());
        assertThat(key.createdAt()).isEqualTo(now);
        assertThat(key.isActive()).isTrue();
        assertThat(key.lastUsedAt()).isEmpty();
        assertThat(key.spec()).isEqualTo(spec);
    }

    @Test
    void givenKey_whenTakingItsSpec_thenEveryChosenFieldIsCarriedOver() {
        ApiKey key = ApiKeyFixture.active()
                .withName("Rotating key")
                .withPermissions(Set.of(Permission.VERIFIED_PAYMENTS_WRITE))
                .withSource(Optional.of("bank-feed"))
                .withRateLimitRpm(999)
                .build();

        ApiKeySpec spec = key.spec();

        assertThat(spec).isEqualTo(new ApiKeySpec(
                "Rotating key", Set.of(Permission.VERIFIED_PAYMENTS_WRITE), Optional.of("bank-feed"), KeyEnvironment.LIVE, 999));
    }
}
