package dev.recaudo.application.common;

import dev.recaudo.domain.security.SigningKeyStore;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 under a named secret that every instance shares: 32 random bytes, created in the
 * store by whichever instance needs it first and read once per instance, so that what one instance
 * seals (a cursor, a form token) another opens, and what one derives (a payer's id) another derives
 * alike. The store keeps it sealed at rest, like every stored secret.
 */
public final class SharedSecretMac {

    private static final int SECRET_BYTES = 32;

    private final SigningKeyStore store;
    private final String secretName;
    private volatile byte[] secret;

    public SharedSecretMac(SigningKeyStore store, String secretName) {
        this.store = store;
        this.secretName = secretName;
    }

    public byte[] of(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret(), "HmacSHA256"));
            return mac.doFinal(payload);
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("every JDK provides HmacSHA256", impossible);
        }
    }

    private byte[] secret() {
        byte[] loaded = secret;
        if (loaded == null) {
            loaded = store.loadOrCreateSecret(secretName, () -> {
                byte[] fresh = new byte[SECRET_BYTES];
                new SecureRandom().nextBytes(fresh);
                return fresh;
            });
            secret = loaded;
        }
        return loaded;
    }
}
