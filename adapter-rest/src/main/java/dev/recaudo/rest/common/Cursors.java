package dev.recaudo.rest.common;

import dev.recaudo.domain.security.SigningKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, tamper-evident pagination cursors: the position as text, sealed with an HMAC under a
 * secret that every instance shares. A cursor that was altered or forged does not open, and the
 * caller answers 400 instead of reading from a position the server never gave out.
 */
@ApplicationScoped
public class Cursors {

    static final String SECRET_NAME = "cursor-hmac-sha256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int CURSOR_LENGTH_MAX = 512;

    private final SigningKeyStore store;
    private volatile byte[] secret;

    public Cursors(SigningKeyStore store) {
        this.store = store;
    }

    public String seal(String position) {
        byte[] payload = position.getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac(payload));
    }

    public Optional<String> open(String cursor) {
        if (cursor == null || cursor.length() > CURSOR_LENGTH_MAX) {
            return Optional.empty();
        }
        int dot = cursor.indexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        try {
            byte[] payload = DECODER.decode(cursor.substring(0, dot));
            byte[] presented = DECODER.decode(cursor.substring(dot + 1));
            return MessageDigest.isEqual(mac(payload), presented)
                    ? Optional.of(new String(payload, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
    }

    private byte[] mac(byte[] payload) {
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
            loaded = store.loadOrCreateSecret(SECRET_NAME, () -> {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                return fresh;
            });
            secret = loaded;
        }
        return loaded;
    }
}
