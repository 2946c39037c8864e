package dev.recaudo.domain.idempotency;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.common.TenantScope;
import java.util.Objects;

/**
 * Whose idempotency keys these are: the tenant (company and environment) and the partner the API
 * key acts for. Two partners of one company never replay, block or see each other's answers
 * through a shared key value. Every key of one source is that partner; a key without a source is a
 * partner of its own, named by its lineage, so its replacement after a rotation replays its answers.
 */
public record IdempotencyScope(TenantScope tenant, Partner partner) {

    public IdempotencyScope {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(partner, "partner");
    }

    /** The scope of the requests an API key sends. */
    public static IdempotencyScope of(ApiKey key) {
        TenantScope tenant = new TenantScope(key.companyId(), key.environment());
        return new IdempotencyScope(tenant, key.source()
                .<Partner>map(Partner.Source::new)
                .orElseGet(() -> new Partner.KeyLineage(key.lineage())));
    }

    /** The partner as one stable text: stored with every record, and part of every fingerprint. */
    public String partnerName() {
        return partner.name();
    }

    public sealed interface Partner {

        String name();

        /** The partner named by the key's {@code source}. */
        record Source(String source) implements Partner {
            public Source {
                Objects.requireNonNull(source, "source");
            }

            @Override
            public String name() {
                return "source:" + source;
            }
        }

        /** A key without a source: the chain of keys rotation made from one issued key. */
        record KeyLineage(ApiKeyId lineage) implements Partner {
            public KeyLineage {
                Objects.requireNonNull(lineage, "lineage");
            }

            @Override
            public String name() {
                return "lineage:" + lineage.value();
            }
        }
    }
}
