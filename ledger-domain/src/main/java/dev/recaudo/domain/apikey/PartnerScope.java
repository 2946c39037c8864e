package dev.recaudo.domain.apikey;

import java.util.Objects;

/**
 * The partner an API key acts for, as the owner of what its requests leave behind (idempotency
 * records, audit records): the key's {@code source}, so every key of one source is one partner; or,
 * for a key without a source, its lineage (the chain of keys rotation made from one issued key), so
 * two sourceless keys never see each other's records while a replacement key keeps its
 * predecessor's. The two forms cannot collide: their names carry different prefixes.
 */
public sealed interface PartnerScope {

    /** The partner as one stable text, stored with every record it owns. */
    String name();

    static PartnerScope of(ApiKey key) {
        return key.source().<PartnerScope>map(Source::new).orElseGet(() -> new KeyLineage(key.lineage()));
    }

    /** The partner named by a key's {@code source}. */
    record Source(String source) implements PartnerScope {
        public Source {
            Objects.requireNonNull(source, "source");
        }

        @Override
        public String name() {
            return "source:" + source;
        }
    }

    /** A key without a source, with the keys rotation made from it. */
    record KeyLineage(ApiKeyId lineage) implements PartnerScope {
        public KeyLineage {
            Objects.requireNonNull(lineage, "lineage");
        }

        @Override
        public String name() {
            return "lineage:" + lineage.value();
        }
    }
}
