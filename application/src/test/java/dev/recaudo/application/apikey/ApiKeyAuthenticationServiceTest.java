package dev.recaudo.application.apikey;

import static dev.recaudo.application.fixtures.ApiKeySpecFixture.spec;
import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.AuthenticationRejection;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.AuthenticationResult;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.AuthenticationResult.Authenticated;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.AuthenticationResult.Rejected;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.fakes.InMemoryApiKeyRepository;
import dev.recaudo.application.fakes.InMemoryApiKeyRepository.RecordedUse;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fixtures.CompanyFixture;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyAuthenticationServiceTest {

    private static final Instant ISSUED_AT = Instant.parse("2025-03-01T12:00:00Z");
    private static final Instant NOW = ISSUED_AT.plus(Duration.ofDays(1));

    private final SecureRandom random = new SecureRandom();
    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryApiKeyRepository keys = new InMemoryApiKeyRepository(companies);
    private final ApiKeyAuthenticationService service = new ApiKeyAuthenticationService(keys, clock);

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"not-a-key", "Bearer xyz", "rk_live_tooShort", "rk_prod_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg"})
    void givenMalformedText_whenAuthenticating_thenMalformedWithoutAskingTheStore(String presented) {
        AuthenticationResult result = service.authenticate(presented);

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.MALFORMED));
        assertThat(keys.hashLookups()).isZero();
    }

    @Test
    void givenWellFormedKeyNobodyIssued_whenAuthenticating_thenUnknown() {
        givenStoredKey(company().build());
        ApiKeySecret stranger = ApiKeySecret.generate(KeyEnvironment.LIVE, random);

        AuthenticationResult result = service.authenticate(stranger.text());

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.UNKNOWN));
        assertThat(keys.recordedUses()).isEmpty();
    }

    @Test
    void givenRevokedKey_whenAuthenticating_thenRevokedAndNoUseRecorded() {
        StoredKey stored = givenStoredKey(company().build());
        keys.revoke(stored.key().companyId(), stored.key().id(), ISSUED_AT.plusSeconds(60));

        AuthenticationResult result = service.authenticate(stored.secret().text());

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.REVOKED));
        assertThat(keys.recordedUses()).isEmpty();
    }

    @Test
    void givenActiveKey_whenAuthenticating_thenAuthenticatedAsThatKeyAndNothingWritten() {
        StoredKey stored = givenStoredKey(company().build());

        KeyPrincipal principal = authenticated(service.authenticate(stored.secret().text()));

        assertThat(principal.key().id()).isEqualTo(stored.key().id());
        assertThat(principal.companyId()).isEqualTo(stored.key().companyId());
        assertThat(principal.allows(Permission.PAYMENTS_CREATE)).isTrue();
        assertThat(principal.allows(Permission.CHECKOUT_WRITE)).isFalse();
        assertThat(keys.recordedUses()).as("a request may still be refused for its rate").isEmpty();
    }

    @Test
    void givenAdmittedRequest_whenItsUseIsRecorded_thenWrittenNow() {
        StoredKey stored = givenStoredKey(company().build());

        service.recordUse(authenticated(service.authenticate(stored.secret().text())));

        assertThat(keys.recordedUses()).containsExactly(new RecordedUse(stored.key().id(), NOW));
        assertThat(keys.get(stored.key().id()).lastUsedAt()).contains(NOW);
    }

    @Test
    void givenUseRecordedRecently_whenRecordedAgain_thenNoWriteUntilAMinuteHasPassed() {
        StoredKey stored = givenStoredKey(company().build());
        service.recordUse(authenticated(service.authenticate(stored.secret().text())));

        clock.set(NOW.plusSeconds(30));
        service.recordUse(authenticated(service.authenticate(stored.secret().text())));
        assertThat(keys.recordedUses()).hasSize(1);

        clock.set(NOW.plusSeconds(61));
        service.recordUse(authenticated(service.authenticate(stored.secret().text())));
        assertThat(keys.recordedUses()).containsExactly(
                new RecordedUse(stored.key().id(), NOW), new RecordedUse(stored.key().id(), NOW.plusSeconds(61)));
    }

    @ParameterizedTest
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void givenCompanyState_whenAuthenticating_thenCompanyFlagsArePassedThrough(
            boolean enabled, boolean hasReferenceCurrency) {
        CompanyFixture fixture = company().enabled(enabled);
        if (!hasReferenceCurrency) {
            fixture.withoutReferenceCurrency();
        }
        StoredKey stored = givenStoredKey(fixture.build());

        KeyPrincipal principal = authenticated(service.authenticate(stored.secret().text()));

        assertThat(principal.companyEnabled()).isEqualTo(enabled);
        assertThat(principal.companyReferenceCurrency().isPresent()).isEqualTo(hasReferenceCurrency);
    }

    @Test
    void givenTwoCompaniesWithKeys_whenAuthenticatingEach_thenEachResolvesToItsOwnCompany() {
        StoredKey first = givenStoredKey(company().build());
        StoredKey second = givenStoredKey(company().disabled().build());

        KeyPrincipal firstPrincipal = authenticated(service.authenticate(first.secret().text()));
        KeyPrincipal secondPrincipal = authenticated(service.authenticate(second.secret().text()));

        assertThat(firstPrincipal.companyId()).isEqualTo(first.key().companyId());
        assertThat(firstPrincipal.companyEnabled()).isTrue();
        assertThat(secondPrincipal.companyId()).isEqualTo(second.key().companyId());
        assertThat(secondPrincipal.companyEnabled()).isFalse();
    }

    @Test
    void givenActiveKey_whenAuthenticatingById_thenAuthenticatedAndNothingWritten() {
        StoredKey stored = givenStoredKey(company().withoutReferenceCurrency().build());

        KeyPrincipal principal = authenticated(service.authenticateById(stored.key().companyId(), stored.key().id()));

        assertThat(principal.key().id()).isEqualTo(stored.key().id());
        assertThat(principal.companyEnabled()).isTrue();
        assertThat(principal.companyReferenceCurrency()).isEmpty();
        assertThat(keys.recordedUses()).isEmpty();
    }

    @Test
    void givenRevokedKey_whenAuthenticatingById_thenRevokedAndNoUseRecorded() {
        StoredKey stored = givenStoredKey(company().build());
        keys.revoke(stored.key().companyId(), stored.key().id(), ISSUED_AT.plusSeconds(60));

        AuthenticationResult result = service.authenticateById(stored.key().companyId(), stored.key().id());

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.REVOKED));
        assertThat(keys.recordedUses()).isEmpty();
    }

    @Test
    void givenUnknownKeyId_whenAuthenticatingById_thenUnknown() {
        StoredKey stored = givenStoredKey(company().build());

        AuthenticationResult result = service.authenticateById(stored.key().companyId(), ApiKeyId.random());

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.UNKNOWN));
    }

    @Test
    void givenKeyIdOfAnotherCompany_whenAuthenticatingById_thenUnknown() {
        StoredKey stored = givenStoredKey(company().build());
        CompanyId otherCompanyId = companies.given(company().build()).id();

        AuthenticationResult result = service.authenticateById(otherCompanyId, stored.key().id());

        assertThat(result).isEqualTo(new Rejected(AuthenticationRejection.UNKNOWN));
        assertThat(keys.recordedUses()).isEmpty();
    }

    private record StoredKey(ApiKey key, ApiKeySecret secret) {}

    private StoredKey givenStoredKey(Company company) {
        companies.given(company);
        ApiKeySecret secret = ApiKeySecret.generate(KeyEnvironment.LIVE, random);
        ApiKey key = ApiKey.issue(ApiKeyId.random(), company.id(), spec().build(), secret, ISSUED_AT);
        return new StoredKey(keys.given(key), secret);
    }

    private static KeyPrincipal authenticated(AuthenticationResult result) {
        assertThat(result).isInstanceOf(Authenticated.class);
        return ((Authenticated) result).principal();
    }
}
