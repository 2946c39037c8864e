package dev.recaudo.persistence.security;

import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Signing key pairs in PostgreSQL. Insert-if-absent and read back: when two instances start at
 * once, the primary key lets one pair win and both read that one. The private half is sealed
 * ({@link SecretSealer}); the public half is stored as it is.
 */
@ApplicationScoped
@StoreFailures
public class PgSigningKeyStore implements SigningKeyStore {

    /** Secrets share the table with key pairs; their public half is empty. */
    private static final String SECRET_ALGORITHM = "secret";

    @Inject
    NativeSql nativeSql;

    @Inject
    Clock clock;

    @Inject
    SecretSealer sealer;

    @Override
    public EncodedKeyPair loadOrCreate(String name, Supplier<EncodedKeyPair> generator) {
        Optional<EncodedKeyPair> stored = load(name);
        if (stored.isPresent()) {
            return stored.get();
        }
        EncodedKeyPair generated = generator.get();
        // Committed on its own: were the caller's transaction (a batch re-keying payer ids, say) to
        // roll back after this instance read the new key back and kept it, the instance would use a
        // key that no other instance has.
        QuarkusTransaction.requiringNew().run(() -> nativeSql.update(
                "INSERT INTO signing_keys (name, algorithm, private_key, public_key, created_at) VALUES (?, ?, ?, ?, ?)"
                        + " ON CONFLICT (name) DO NOTHING",
                name,
                generated.algorithm(),
                sealer.seal(SecretColumn.SIGNING_KEYS, name, generated.privateKeyPkcs8()),
                generated.publicKeyX509(),
                clock.instant()));
        return load(name).orElseThrow();
    }

    @Override
    public byte[] loadOrCreateSecret(String name, Supplier<byte[]> generator) {
        return loadOrCreate(name, () -> new EncodedKeyPair(SECRET_ALGORITHM, generator.get(), new byte[0]))
                .privateKeyPkcs8();
    }

    private Optional<EncodedKeyPair> load(String name) {
        return nativeSql.queryOne(
                "SELECT algorithm, private_key, public_key FROM signing_keys WHERE name = ?",
                row -> new EncodedKeyPair(row.getString("algorithm"),
                        sealer.open(SecretColumn.SIGNING_KEYS, name, row.getBytes("private_key")), row.getBytes("public_key")),
                name);
    }
}
