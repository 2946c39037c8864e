package dev.recaudo.domain.security;

import java.util.function.Supplier;

/**
 * Port: durable storage for the keys that sign access tokens and seal cursors. Every instance must sign and
 * verify with the same pair, and the pair must survive restarts, so it is created once and shared.
 */
public interface SigningKeyStore {

    /**
     * The pair stored under this name; when there is none yet, stores the generated one. When two
     * instances race, both answer the pair that won.
     */
    EncodedKeyPair loadOrCreate(String name, Supplier<EncodedKeyPair> generator);

    /** Like {@link #loadOrCreate}, for a symmetric secret (for example the key that seals cursors). */
    byte[] loadOrCreateSecret(String name, Supplier<byte[]> generator);

    /** A key pair as bytes: PKCS#8 private key and X.509 public key of the given JCA algorithm. */
    record EncodedKeyPair(String algorithm, byte[] privateKeyPkcs8, byte[] publicKeyX509) {}
}
