package dev.recaudo.application.apikey;

import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeyRepository;
import dev.recaudo.domain.apikey.ApiKeySecret;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Looks keys up by the hash of the presented text on every request, with no cache, so that a
 * revocation is seen by the very next request on every instance. The lookup only reads; the use
 * is written apart ({@link #recordUse}), once the request is admitted.
 */
public final class ApiKeyAuthenticationService implements ApiKeyAuthenticationUseCase {

    private final ApiKeyRepository keys;
    private final Clock clock;

    public ApiKeyAuthenticationService(ApiKeyRepository keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @Override
    public AuthenticationResult authenticate(String presentedKey) {
        Optional<ApiKeySecret> secret = ApiKeySecret.parse(presentedKey);
        if (secret.isEmpty()) {
            return new AuthenticationResult.Rejected(AuthenticationRejection.MALFORMED);
        }
        return keys.findByHash(secret.get().sha256Hex())
                .map(this::resolve)
                .orElseGet(() -> new AuthenticationResult.Rejected(AuthenticationRejection.UNKNOWN));
    }

    @Override
    public AuthenticationResult authenticateById(CompanyId companyId, ApiKeyId keyId) {
        return keys.find(companyId, keyId)
                .map(this::resolve)
                .orElseGet(() -> new AuthenticationResult.Rejected(AuthenticationRejection.UNKNOWN));
    }

    @Override
    public void recordUse(KeyPrincipal principal) {
        Instant now = clock.instant();
        if (principal.key().lastUseStale(now)) {
            keys.recordUse(principal.key().id(), now);
        }
    }

    private AuthenticationResult resolve(ApiKeyRepository.KeyWithCompany found) {
        if (!found.key().isActive()) {
            return new AuthenticationResult.Rejected(AuthenticationRejection.REVOKED);
        }
        return new AuthenticationResult.Authenticated(new KeyPrincipal(
                found.key(), found.companyEnabled(), found.companyReferenceCurrency()));
    }
}
