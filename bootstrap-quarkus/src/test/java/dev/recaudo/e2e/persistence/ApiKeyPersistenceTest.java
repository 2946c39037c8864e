package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.apikey.ApiKeyRepository.KeyWithCompany;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** API keys against PostgreSQL: read with their company's state, counted, revoked once, stamped. */
@QuarkusTest
class ApiKeyPersistenceTest {

    @Inject
    ApiKeyRepository keys;

    @Inject
    CompanyRepository companies;

    @Inject
    Transactions transactions;

    @Test
    void givenAKey_whenFoundByHashOrId_thenItComesWithItsCompanysStateAndItsPermissions() {
        Company company = company(Optional.of(CurrencyCode.USD));
        ApiKey key = key(company.id(), "first");
        inTransaction(() -> {
            keys.insert(key);
            return null;
        });

        KeyWithCompany found = inTransaction(() -> keys.findByHash(key.keyHash())).orElseThrow();
        assertThat(found.key()).isEqualTo(key);
        assertThat(found.companyEnabled()).isTrue();
        assertThat(found.companyReferenceCurrency()).contains(CurrencyCode.USD);
        assertThat(inTransaction(() -> keys.find(company.id(), key.id()))).contains(found);
        assertThat(inTransaction(() -> keys.find(new CompanyId(UUID.randomUUID()), key.id()))).isEmpty();
        assertThat(inTransaction(() -> keys.findByHash(hash()))).isEmpty();
    }

    @Test
    void givenAPermissionThisVersionDoesNotKnow_whenTheKeyIsRead_thenThatPermissionIsSkipped() {
        Company company = company(Optional.empty());
        ApiKey key = key(company.id(), "future");
        inTransaction(() -> {
            keys.insert(key);
            return null;
        });
        Sql.execute("UPDATE api_keys SET permissions = array_append(permissions, 'future:write') WHERE id = ?",
                key.id().value());

        assertThat(inTransaction(() -> keys.findByHash(key.keyHash())).orElseThrow().key().permissions())
                .isEqualTo(key.permissions());
    }

    @Test
    void givenTwoKeys_whenOneIsRevokedTwice_thenOnlyTheFirstRevocationCountsAndTheOtherStaysActive() {
        Company company = company(Optional.empty());
        ApiKey first = key(company.id(), "first");
        ApiKey second = key(company.id(), "second");
        inTransaction(() -> {
            keys.insert(first);
            keys.insert(second);
            return null;
        });
        assertThat(inTransaction(() -> keys.countActive(company.id()))).isEqualTo(2);

        Instant now = now();
        assertThat(inTransaction(() -> keys.revoke(company.id(), first.id(), now))).isTrue();
        assertThat(inTransaction(() -> keys.revoke(company.id(), first.id(), now))).isFalse();
        assertThat(inTransaction(() -> keys.revoke(new CompanyId(UUID.randomUUID()), second.id(), now))).isFalse();

        assertThat(inTransaction(() -> keys.countActive(company.id()))).isEqualTo(1);
        assertThat(inTransaction(() -> keys.listActive(company.id()))).containsExactly(second);
        assertThat(inTransaction(() -> keys.find(company.id(), first.id())).orElseThrow().key().revokedAt())
                .contains(now);
    }

    @Test
    void givenAKeyJustUsed_whenUsedAgainWithinAMinute_thenTheStampIsNotWrittenAgain() {
        Company company = company(Optional.empty());
        ApiKey key = key(company.id(), "used");
        inTransaction(() -> {
            keys.insert(key);
            return null;
        });
        Instant first = now();
        inTransaction(() -> {
            keys.recordUse(key.id(), first);
            keys.recordUse(key.id(), first.plusSeconds(30));
            return null;
        });
        assertThat(inTransaction(() -> keys.findByHash(key.keyHash())).orElseThrow().key().lastUsedAt()).contains(first);

        inTransaction(() -> {
            keys.recordUse(key.id(), first.plusSeconds(61));
            return null;
        });
        assertThat(inTransaction(() -> keys.findByHash(key.keyHash())).orElseThrow().key().lastUsedAt())
                .contains(first.plusSeconds(61));
    }

    private Company company(Optional<CurrencyCode> currency) {
        Company company = new Company(new CompanyId(UUID.randomUUID()), "Keys " + UUID.randomUUID(), currency, Company.DEFAULT_TIME_ZONE, true, now());
        inTransaction(() -> {
            companies.insert(company);
            return null;
        });
        return company;
    }

    private static ApiKey key(CompanyId company, String name) {
        ApiKeyId id = new ApiKeyId(UUID.randomUUID());
        return new ApiKey(id, id, company, name, "rk_test_" + name.substring(0, 4), hash(),
                EnumSet.of(Permission.values()[0], Permission.values()[Permission.values().length - 1]),
                Optional.of("acme-erp"), KeyEnvironment.TEST, 120, now(), Optional.empty(), Optional.empty());
    }

    private static String hash() {
        byte[] bytes = new byte[32];
        ThreadLocalRandom.current().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** PostgreSQL keeps microseconds. */
    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    private <T> T inTransaction(Supplier<T> work) {
        return transactions.inTransaction(work);
    }
}
