package dev.recaudo.application.apikey;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

public final class ApiKeyAdministrationService implements ApiKeyAdministrationUseCase {

    private final ApiKeyRepository keys;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;
    private final SecureRandom random;
    private final int activeKeysMax;

    public ApiKeyAdministrationService(ApiKeyRepository keys, CompanyRepository companies, Transactions transactions, Clock clock,
            SecureRandom random, int activeKeysMax) {
        this.keys = keys;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
        this.activeKeysMax = activeKeysMax;
    }

    @Override
    public IssueResult create(CompanyId companyId, ApiKeySpec spec) {
        return transactions.inTransaction(() -> {
            // The company row lock serializes concurrent creates, so the count below stays true
            // until this transaction commits and a sixth key can never slip in.
            if (companies.lock(companyId).isEmpty()) {
                return new IssueResult.Rejected(IssueRejection.COMPANY_NOT_FOUND);
            }
            if (keys.countActive(companyId) >= activeKeysMax) {
                return new IssueResult.Rejected(IssueRejection.ACTIVE_KEY_LIMIT_REACHED);
            }
            return issue(spec.environment(),
                    secret -> ApiKey.issue(ApiKeyId.random(), companyId, spec, secret, clock.instant()));
        });
    }

    @Override
    public List<ApiKey> listActive(CompanyId companyId) {
        return keys.listActive(companyId);
    }

    @Override
    public RevokeResult revoke(CompanyId companyId, ApiKeyId keyId) {
        return transactions.inTransaction(() -> {
            if (keys.revoke(companyId, keyId, clock.instant())) {
                return RevokeResult.REVOKED;
            }
            // Revoking is idempotent in effect: a key of this company that is revoked already stays
            // revoked, with its first revocation time. Only an id the company never had is unknown.
            return keys.find(companyId, keyId).isPresent() ? RevokeResult.ALREADY_REVOKED : RevokeResult.KEY_NOT_FOUND;
        });
    }

    @Override
    public IssueResult rotate(CompanyId companyId, ApiKeyId keyId) {
        return transactions.inTransaction(() -> {
            if (companies.lock(companyId).isEmpty()) {
                return new IssueResult.Rejected(IssueRejection.COMPANY_NOT_FOUND);
            }
            Optional<ApiKey> current =
                    keys.find(companyId, keyId).map(ApiKeyRepository.KeyWithCompany::key).filter(ApiKey::isActive);
            if (current.isEmpty() || !keys.revoke(companyId, keyId, clock.instant())) {
                return new IssueResult.Rejected(IssueRejection.KEY_NOT_FOUND);
            }
            // The replacement keeps the lineage, so it replays the idempotent answers of the key it replaces.
            ApiKey replaced = current.get();
            return issue(replaced.environment(), secret -> replaced.successor(ApiKeyId.random(), secret, clock.instant()));
        });
    }

    private IssueResult issue(KeyEnvironment environment, Function<ApiKeySecret, ApiKey> keyFor) {
        ApiKeySecret secret = ApiKeySecret.generate(environment, random);
        ApiKey key = keyFor.apply(secret);
        keys.insert(key);
        return new IssueResult.Issued(key, secret);
    }
}
