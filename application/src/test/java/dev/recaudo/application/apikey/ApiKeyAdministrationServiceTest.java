package dev.recaudo.application.apikey;

import static dev.recaudo.application.fixtures.ApiKeySpecFixture.spec;
import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueRejection;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult.Issued;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult.Rejected;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.RevokeResult;
import dev.recaudo.application.fakes.InMemoryApiKeyRepository;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ApiKeyAdministrationServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryApiKeyRepository keys = new InMemoryApiKeyRepository(companies);
    private final RollbackTransactions transactions = new RollbackTransactions(companies, keys);
    private static final int ACTIVE_KEYS_MAX = 5;

    private final ApiKeyAdministrationService service =
            new ApiKeyAdministrationService(keys, companies, transactions, clock, new SecureRandom(), ACTIVE_KEYS_MAX);

    private final CompanyId companyId = companies.given(company().build()).id();

    @Test
    void givenCompany_whenCreatingKey_thenIssuedWithSecretWhoseHashIsTheStoredHash() {
        ApiKeySpec requested = spec()
                .named("Billing backend")
                .withPermissions(Permission.CUSTOMERS_READ, Permission.CUSTOMERS_WRITE)
                .withSource("erp-connector")
                .inEnvironment(KeyEnvironment.TEST)
                .withRateLimitRpm(300)
                .build();

        Issued issued = issued(service.create(companyId, requested));

        ApiKey stored = keys.get(issued.key().id());
        assertThat(stored).isEqualTo(issued.key());
        assertThat(stored.keyHash()).isEqualTo(issued.secret().sha256Hex());
        assertThat(stored.keyPrefix()).isEqualTo(issued.secret().prefix());
        assertThat(stored.companyId()).isEqualTo(companyId);
        assertThat(stored.spec()).isEqualTo(requested);
        assertThat(stored.createdAt()).isEqualTo(NOW);
        assertThat(stored.isActive()).isTrue();
        assertThat(issued.secret().text()).startsWith("rk_test_");
    }

    @Test
    void givenIssuedSecret_whenPresentedAsText_thenItParsesToTheSameHash() {
        Issued issued = issued(service.create(companyId, spec().build()));

        Optional<ApiKeySecret> parsed = ApiKeySecret.parse(issued.secret().text());

        assertThat(parsed).map(ApiKeySecret::sha256Hex).contains(keys.get(issued.key().id()).keyHash());
    }

    @Test
    void givenFourActiveKeys_whenCreatingFifth_thenIssued() {
        givenActiveKeys(4);

        IssueResult result = service.create(companyId, spec().build());

        assertThat(result).isInstanceOf(Issued.class);
        assertThat(keys.countActive(companyId)).isEqualTo(ACTIVE_KEYS_MAX);
    }

    @Test
    void givenFiveActiveKeys_whenCreatingSixth_thenRejectedAndNothingWritten() {
        givenActiveKeys(5);

        IssueResult result = service.create(companyId, spec().named("Sixth").build());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.ACTIVE_KEY_LIMIT_REACHED));
        assertThat(keys.all()).hasSize(5).noneMatch(k -> k.name().equals("Sixth"));
        assertThat(keys.countActive(companyId)).isEqualTo(5);
    }

    @Test
    void givenFiveKeysOneOfThemRevoked_whenCreating_thenIssuedBecauseRevokedKeysDoNotCount() {
        List<ApiKey> existing = givenActiveKeys(5);
        service.revoke(companyId, existing.get(0).id());

        IssueResult result = service.create(companyId, spec().build());

        assertThat(result).isInstanceOf(Issued.class);
        assertThat(keys.countActive(companyId)).isEqualTo(5);
        assertThat(keys.all()).hasSize(6);
    }

    @Test
    void givenFiveActiveKeysOfAnotherCompany_whenCreating_thenIssuedBecauseTheLimitIsPerCompany() {
        CompanyId otherCompanyId = companies.given(company().build()).id();
        for (int i = 0; i < 5; i++) {
            issued(service.create(otherCompanyId, spec().build()));
        }

        IssueResult result = service.create(companyId, spec().build());

        assertThat(result).isInstanceOf(Issued.class);
    }

    @Test
    void givenUnknownCompany_whenCreating_thenCompanyNotFoundAndNothingWritten() {
        IssueResult result = service.create(CompanyId.random(), spec().build());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.COMPANY_NOT_FOUND));
        assertThat(keys.all()).isEmpty();
    }

    @Test
    void givenCreate_whenRunning_thenCompanyRowIsLockedInsideOneCommittedTransaction() {
        int locksBefore = companies.locks();

        service.create(companyId, spec().build());

        assertThat(companies.locks()).isEqualTo(locksBefore + 1);
        assertThat(transactions.commits()).isEqualTo(1);
    }

    @Test
    void givenActiveKey_whenRevoking_thenRevokedAtNowAndActiveCountDrops() {
        ApiKey key = givenActiveKeys(2).get(0);
        clock.advance(Duration.ofHours(2));

        RevokeResult result = service.revoke(companyId, key.id());

        assertThat(result).isEqualTo(RevokeResult.REVOKED);
        assertThat(keys.countActive(companyId)).isEqualTo(1);
        assertThat(keys.get(key.id()).revokedAt()).contains(NOW.plus(Duration.ofHours(2)));
    }

    @Test
    void givenRevokedKey_whenRevokingAgain_thenAlreadyRevokedAndRevocationTimeUnchanged() {
        ApiKey key = givenActiveKeys(1).get(0);
        service.revoke(companyId, key.id());
        clock.advance(Duration.ofMinutes(5));

        RevokeResult result = service.revoke(companyId, key.id());

        assertThat(result).isEqualTo(RevokeResult.ALREADY_REVOKED);
        assertThat(keys.get(key.id()).revokedAt()).contains(NOW);
    }

    @Test
    void givenUnknownKey_whenRevoking_thenKeyNotFound() {
        assertThat(service.revoke(companyId, ApiKeyId.random())).isEqualTo(RevokeResult.KEY_NOT_FOUND);
    }

    @Test
    void givenRevokedKeyOfAnotherCompany_whenRevoking_thenKeyNotFound() {
        CompanyId otherCompanyId = companies.given(company().build()).id();
        ApiKey otherKey = issued(service.create(otherCompanyId, spec().build())).key();
        service.revoke(otherCompanyId, otherKey.id());

        assertThat(service.revoke(companyId, otherKey.id())).isEqualTo(RevokeResult.KEY_NOT_FOUND);
    }

    @Test
    void givenKeyOfAnotherCompany_whenRevoking_thenKeyNotFoundAndTheKeyStaysActive() {
        CompanyId otherCompanyId = companies.given(company().build()).id();
        ApiKey otherKey = issued(service.create(otherCompanyId, spec().build())).key();

        RevokeResult result = service.revoke(companyId, otherKey.id());

        assertThat(result).isEqualTo(RevokeResult.KEY_NOT_FOUND);
        assertThat(keys.get(otherKey.id()).isActive()).isTrue();
    }

    @Test
    void givenActiveKey_whenRotating_thenOldKeyRevokedAndNewKeyIssuedWithTheSameSpec() {
        ApiKeySpec original = spec()
                .named("Partner feed")
                .withPermissions(Permission.VERIFIED_PAYMENTS_WRITE, Permission.PAYMENTS_READ)
                .withSource("bank-x")
                .inEnvironment(KeyEnvironment.TEST)
                .withRateLimitRpm(1_200)
                .build();
        Issued old = issued(service.create(companyId, original));
        clock.advance(Duration.ofDays(30));

        Issued replacement = issued(service.rotate(companyId, old.key().id()));

        ApiKey newKey = keys.get(replacement.key().id());
        assertThat(keys.get(old.key().id()).revokedAt()).contains(NOW.plus(Duration.ofDays(30)));
        assertThat(newKey.id()).isNotEqualTo(old.key().id());
        assertThat(newKey.isActive()).isTrue();
        assertThat(newKey.name()).isEqualTo("Partner feed");
        assertThat(newKey.permissions())
                .containsExactlyInAnyOrder(Permission.VERIFIED_PAYMENTS_WRITE, Permission.PAYMENTS_READ);
        assertThat(newKey.source()).contains("bank-x");
        assertThat(newKey.environment()).isEqualTo(KeyEnvironment.TEST);
        assertThat(newKey.rateLimitRpm()).isEqualTo(1_200);
        assertThat(newKey.spec()).isEqualTo(original);
        assertThat(newKey.createdAt()).isEqualTo(NOW.plus(Duration.ofDays(30)));
    }

    @Test
    void givenKeyRotatedTwice_whenInspectingLineage_thenEveryReplacementKeepsTheFirstKeysId() {
        Issued first = issued(service.create(companyId, spec().build()));
        Issued other = issued(service.create(companyId, spec().build()));

        Issued second = issued(service.rotate(companyId, first.key().id()));
        Issued third = issued(service.rotate(companyId, second.key().id()));

        assertThat(first.key().lineage()).isEqualTo(first.key().id());
        assertThat(keys.get(second.key().id()).lineage()).isEqualTo(first.key().id());
        assertThat(keys.get(third.key().id()).lineage()).isEqualTo(first.key().id());
        assertThat(other.key().lineage()).isEqualTo(other.key().id()).isNotEqualTo(first.key().id());
    }

    @Test
    void givenActiveKey_whenRotating_thenNewSecretDiffersAndItsHashIsStored() {
        Issued old = issued(service.create(companyId, spec().build()));

        Issued replacement = issued(service.rotate(companyId, old.key().id()));

        assertThat(replacement.secret()).isNotEqualTo(old.secret());
        assertThat(keys.get(replacement.key().id()).keyHash())
                .isEqualTo(replacement.secret().sha256Hex())
                .isNotEqualTo(old.key().keyHash());
        assertThat(keys.listActive(companyId)).extracting(ApiKey::id).containsExactly(replacement.key().id());
    }

    @Test
    void givenFiveActiveKeys_whenRotatingOne_thenIssuedAndStillFiveActive() {
        ApiKey rotated = givenActiveKeys(5).get(2);

        IssueResult result = service.rotate(companyId, rotated.id());

        assertThat(result).isInstanceOf(Issued.class);
        assertThat(keys.countActive(companyId)).isEqualTo(5);
        assertThat(keys.get(rotated.id()).isActive()).isFalse();
    }

    @Test
    void givenRevokedKey_whenRotating_thenKeyNotFoundAndNothingWritten() {
        ApiKey key = givenActiveKeys(1).get(0);
        service.revoke(companyId, key.id());

        IssueResult result = service.rotate(companyId, key.id());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.KEY_NOT_FOUND));
        assertThat(keys.all()).hasSize(1);
        assertThat(keys.countActive(companyId)).isZero();
    }

    @Test
    void givenUnknownKey_whenRotating_thenKeyNotFoundAndNothingWritten() {
        givenActiveKeys(1);

        IssueResult result = service.rotate(companyId, ApiKeyId.random());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.KEY_NOT_FOUND));
        assertThat(keys.all()).hasSize(1);
    }

    @Test
    void givenKeyOfAnotherCompany_whenRotating_thenKeyNotFoundAndTheKeyStaysActive() {
        CompanyId otherCompanyId = companies.given(company().build()).id();
        ApiKey otherKey = issued(service.create(otherCompanyId, spec().build())).key();

        IssueResult result = service.rotate(companyId, otherKey.id());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.KEY_NOT_FOUND));
        assertThat(keys.get(otherKey.id()).isActive()).isTrue();
        assertThat(keys.countActive(companyId)).isZero();
    }

    @Test
    void givenUnknownCompany_whenRotating_thenCompanyNotFound() {
        ApiKey key = givenActiveKeys(1).get(0);

        IssueResult result = service.rotate(CompanyId.random(), key.id());

        assertThat(result).isEqualTo(new Rejected(IssueRejection.COMPANY_NOT_FOUND));
        assertThat(keys.get(key.id()).isActive()).isTrue();
    }

    @Test
    void givenActiveAndRevokedKeys_whenListingActive_thenOnlyActiveKeysOfThatCompany() {
        List<ApiKey> existing = givenActiveKeys(3);
        service.revoke(companyId, existing.get(1).id());
        CompanyId otherCompanyId = companies.given(company().build()).id();
        issued(service.create(otherCompanyId, spec().build()));

        List<ApiKey> listed = service.listActive(companyId);

        assertThat(listed)
                .extracting(ApiKey::id)
                .containsExactlyInAnyOrder(existing.get(0).id(), existing.get(2).id());
    }

    @Test
    void givenCompanyWithoutKeys_whenListingActive_thenEmpty() {
        assertThat(service.listActive(companyId)).isEmpty();
    }

    private List<ApiKey> givenActiveKeys(int count) {
        List<ApiKey> created = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            created.add(issued(service.create(companyId, spec().named("Key " + i).build())).key());
        }
        return created;
    }

    private static Issued issued(IssueResult result) {
        assertThat(result).isInstanceOf(Issued.class);
        return (Issued) result;
    }
}
