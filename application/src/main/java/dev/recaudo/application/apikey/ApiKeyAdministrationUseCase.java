package dev.recaudo.application.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.util.List;

/** Inbound port of company administrators: their company's API keys. */
public interface ApiKeyAdministrationUseCase {

    IssueResult create(CompanyId companyId, ApiKeySpec spec);

    List<ApiKey> listActive(CompanyId companyId);

    RevokeResult revoke(CompanyId companyId, ApiKeyId keyId);

    /** Revokes the key and issues a replacement with the same spec, atomically. */
    IssueResult rotate(CompanyId companyId, ApiKeyId keyId);

    /** The active keys of one environment of the company: what a console session, which shows one, may see. */
    default List<ApiKey> listActive(TenantScope scope) {
        return listActive(scope.companyId()).stream().filter(key -> key.environment() == scope.environment()).toList();
    }

    /** {@link #revoke(CompanyId, ApiKeyId)} of a key of the scope's environment only; another environment's is not found. */
    default RevokeResult revoke(TenantScope scope, ApiKeyId keyId) {
        return ofScope(scope, keyId) ? revoke(scope.companyId(), keyId) : RevokeResult.KEY_NOT_FOUND;
    }

    /** {@link #rotate(CompanyId, ApiKeyId)} of a key of the scope's environment only; another environment's is not found. */
    default IssueResult rotate(TenantScope scope, ApiKeyId keyId) {
        return ofScope(scope, keyId) ? rotate(scope.companyId(), keyId) : new IssueResult.Rejected(IssueRejection.KEY_NOT_FOUND);
    }

    private boolean ofScope(TenantScope scope, ApiKeyId keyId) {
        return listActive(scope).stream().anyMatch(key -> key.id().equals(keyId));
    }

    sealed interface IssueResult {
        /** The only moment the secret exists outside the caller's hands. */
        record Issued(ApiKey key, ApiKeySecret secret) implements IssueResult {}

        record Rejected(IssueRejection reason) implements IssueResult {}
    }

    /** Why a key was not issued, in the order the checks run. */
    enum IssueRejection {
        COMPANY_NOT_FOUND,
        KEY_NOT_FOUND,
        ACTIVE_KEY_LIMIT_REACHED
    }

    /** What a revocation found: the key revoked now, revoked before, or no key of this company. */
    enum RevokeResult {
        REVOKED,
        ALREADY_REVOKED,
        KEY_NOT_FOUND
    }
}
