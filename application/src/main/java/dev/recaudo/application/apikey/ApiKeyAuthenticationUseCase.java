package dev.recaudo.application.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.Optional;

/** Inbound port of the credential filters: who is calling, and what may they do. */
public interface ApiKeyAuthenticationUseCase {

    /**
     * Resolves presented key text with one read and no write. Never distinguishes unknown from
     * revoked to the caller's client.
     */
    AuthenticationResult authenticate(String presentedKey);

    /** Resolves a key named by an access token derived from it; the key must still be active. */
    AuthenticationResult authenticateById(CompanyId companyId, ApiKeyId keyId);

    /**
     * Records that the key was used, at most once a minute: called once its request is admitted,
     * so that a request refused for its rate writes nothing.
     */
    void recordUse(KeyPrincipal principal);

    sealed interface AuthenticationResult {
        record Authenticated(KeyPrincipal principal) implements AuthenticationResult {}

        record Rejected(AuthenticationRejection reason) implements AuthenticationResult {}
    }

    enum AuthenticationRejection {
        MALFORMED,
        UNKNOWN,
        REVOKED
    }

    /** An authenticated key with the company facts the filters check on every request. */
    record KeyPrincipal(ApiKey key, boolean companyEnabled, Optional<CurrencyCode> companyReferenceCurrency) {

        public TenantScope scope() {
            return new TenantScope(key.companyId(), key.environment());
        }


        public CompanyId companyId() {
            return key.companyId();
        }

        public boolean allows(Permission permission) {
            return key.allows(permission);
        }
    }
}
