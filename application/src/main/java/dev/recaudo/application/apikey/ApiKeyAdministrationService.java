package dev.recaudo.application.apikey;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

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
            return issue(companyId, spec);
        });
    }

    @Override
    public List<ApiKey> listActive(CompanyId companyId) {
        return keys.listActive(companyId);
    }

    @Override
    public RevokeResult revoke(CompanyId companyId, ApiKeyId keyId) {
        return transactions.inTransaction(() ->
                keys.revoke(companyId, keyId, clock.instant()) ? RevokeResult.REVOKED : RevokeResult.KEY_NOT_FOUND);
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
            return issue(companyId, current.get().spec());
        });
    }

    private IssueResult issue(CompanyId companyId, ApiKeySpec spec) {
        ApiKeySecret secret = ApiKeySecret.generate(spec.environment(), random);
        ApiKey key = ApiKey.issue(ApiKeyId.random(), companyId, spec, secret, clock.instant());
        keys.insert(key);
        return new IssueResult.Issued(key, secret);
    }
}
