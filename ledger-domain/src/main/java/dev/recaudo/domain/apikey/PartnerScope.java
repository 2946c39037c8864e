package dev.recaudo.domain.apikey;

import java.util.Objects;

/**
 * The partner a key acts for, as the owner of the records its requests leave (audit records): the
 * key's {@code source}, or, for a key without one, the key itself, so two keys without a source
 * never see each other's records. The two forms cannot collide: a source is never read as a key.
 */
public record PartnerScope(String value) {

    public PartnerScope {
        Objects.requireNonNull(value, "value");
    }

    public static PartnerScope of(ApiKey key) {
        return key.source().map(source -> new PartnerScope("source:" + source)).orElseGet(() -> ofSourcelessKeyById(key));
    }

    /**
     * A key without a source is a partner of its own, named for now by the key's id, so a rotated
     * sourceless key starts a new scope. When keys carry a lineage id that rotation copies, this
     * becomes that lineage, and the replacement key keeps reading what its predecessor wrote.
     */
    static PartnerScope ofSourcelessKeyById(ApiKey key) {
        return new PartnerScope("key:" + key.id().value());
    }
}
