package dev.recaudo.domain.idempotency;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.PartnerScope;
import dev.recaudo.domain.common.TenantScope;
import java.util.Objects;

/**
 * Whose idempotency keys these are: the tenant (company and environment) and the partner the API
 * key acts for. Two partners of one company never replay, block or see each other's answers
 * through a shared key value; a rotated key keeps its partner, so retries across a rotation replay.
 */
public record IdempotencyScope(TenantScope tenant, PartnerScope partner) {

    public IdempotencyScope {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(partner, "partner");
    }

    /** The scope of the requests an API key sends. */
    public static IdempotencyScope of(ApiKey key) {
        return new IdempotencyScope(new TenantScope(key.companyId(), key.environment()), PartnerScope.of(key));
    }

    /** The partner as one stable text: stored with every record, and part of every fingerprint. */
    public String partnerName() {
        return partner.name();
    }
}
